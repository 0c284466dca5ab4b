/**
 * The first lines of a large DataStubs payload, shown while the rest of its answer still arrives
 * (the protocol's CallOptions.onDataStubsHead): Pretty, pretty-printed by the same code as the
 * viewer's first screen, and the Table's first records, read by the viewer's worker. The
 * viewer that replaces it once the answer is in starts with the same lines, on the view chosen
 * here.
 */
import { Suspense, useDeferredValue, useId, useMemo } from 'react';
import { useCopyStatus } from './use-copy-status.ts';
import { useHeadRecords } from './use-head-records.ts';
import { useTellWhenPainted } from './use-tell-when-painted.ts';
import { firstScreenOf } from './first-screen.ts';
import { PrettyView, TableView } from './views/lazy-views.ts';
import { ViewPanel, ViewTabs, type ViewTab } from './view-tabs.tsx';
import './xml-viewer.css';

/** What can be shown of a payload before it is whole. */
const RECEIVING_TABS: ReadonlyArray<{ id: ViewTab; label: string }> = [
  { id: 'pretty', label: 'Pretty' },
  { id: 'table', label: 'Table' },
];

const ignorePath = (): void => undefined;

export interface ReceivingDataStubsProps {
  head: string;
  /** The view chosen so far (null: Pretty); the viewer opens on it once the answer is in. */
  tab: ViewTab | null;
  onTabChange: (tab: ViewTab) => void;
  /**
   * Told once the view's first content (lines, records, or word that there are none) is painted:
   * the work that reads the rest of the answer waits for it (CallOptions.onDataStubsHead).
   */
  onShown?: () => void;
}

/** @example <ReceivingDataStubs head={head} tab={tab} onTabChange={setTab} /> */
export function ReceivingDataStubs({
  head,
  tab: chosen,
  onTabChange,
  onShown,
}: ReceivingDataStubsProps) {
  const idPrefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const tab = chosen === 'table' ? 'table' : 'pretty';
  // The lines are rendered in a transition: React builds their elements in slices of a few
  // milliseconds, between which the page answers, rather than in one task of the page's first
  // screen of the payload (the tabs show first, at once).
  const shownHead = useDeferredValue<string | null>(head, null);
  // Only the view on screen is worked out: each is a pass over the head in the render.
  const firstScreen = useMemo(
    () => (tab === 'pretty' && shownHead !== null ? firstScreenOf(shownHead) : null),
    [tab, shownHead],
  );
  const rows = useHeadRecords(shownHead, tab === 'table');
  const { status, copy } = useCopyStatus();
  // The view on screen once painted: the Table chosen while Pretty's lines are drawn holds the
  // rest's reading until its own records are, which would otherwise take the cores they need.
  useTellWhenPainted(tab === 'table' ? rows !== undefined : firstScreen !== null, onShown);

  const panel = () => {
    if (shownHead === null) return <p className="xv-muted">Receiving the response…</p>;
    if (tab === 'table') {
      if (rows === undefined) return <p className="xv-muted">Reading the first records…</p>;
      if (!rows)
        return <p className="xv-muted">No records in the first lines; the table follows.</p>;
      return (
        <TableView
          key="head"
          table={rows}
          client={null}
          fileName="datastubs"
          onCopy={copy}
          onSelectPath={ignorePath}
        />
      );
    }
    if (firstScreen === null) return <p className="xv-muted">Receiving the response…</p>;
    return (
      <PrettyView
        text={firstScreen}
        lineCount={null}
        foldEnd={null}
        client={null}
        revealLine={null}
        receiving
      />
    );
  };

  return (
    <section
      className="datastubs xv-receiving"
      aria-label="DataStubs, first lines"
      aria-busy="true"
    >
      <h2>DataStubs</h2>
      <div className="xv-viewer">
        <ViewTabs idPrefix={idPrefix} active={tab} onChange={onTabChange} tabs={RECEIVING_TABS} />
        <ViewPanel idPrefix={idPrefix} view={tab}>
          <Suspense fallback={<p className="xv-muted">Loading the {tab} view…</p>}>
            {panel()}
          </Suspense>
        </ViewPanel>
        <p role="status" className="xv-status">
          {status}
        </p>
      </div>
    </section>
  );
}
