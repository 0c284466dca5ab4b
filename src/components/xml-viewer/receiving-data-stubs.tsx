/**
 * The first lines of a large DataStubs payload, shown while the rest of its answer still arrives
 * (the protocol's CallOptions.onDataStubsHead). Pretty-printed by the same code as the viewer's
 * first screen, so the viewer that replaces it once the answer is in starts with the same lines.
 */
import { Suspense, useMemo } from 'react';
import { prettyHead } from './core/pretty-head.ts';
import { FIRST_SCREEN_CHARS } from './views/line-chunks.ts';
import { PrettyView } from './views/lazy-views.ts';
import './xml-viewer.css';

/** @example <ReceivingDataStubs head={head} /> */
export function ReceivingDataStubs({ head }: { head: string }) {
  const firstScreen = useMemo(() => prettyHead(head, FIRST_SCREEN_CHARS), [head]);
  return (
    <section
      className="datastubs xv-receiving"
      aria-label="DataStubs, first lines"
      aria-busy="true"
    >
      <h2>DataStubs</h2>
      <div className="xv-viewer">
        {firstScreen === null ? (
          <p role="status" className="xv-muted">
            Receiving the response…
          </p>
        ) : (
          <Suspense fallback={<p className="xv-muted">Loading the pretty view…</p>}>
            <PrettyView
              text={firstScreen}
              complete={false}
              foldEnd={null}
              client={null}
              revealLine={null}
              receiving
            />
          </Suspense>
        )}
      </div>
    </section>
  );
}
