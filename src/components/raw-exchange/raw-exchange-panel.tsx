import { Suspense, useEffect, useState } from 'react';
import { lazyView } from '../lazy-view/lazy-view.ts';
import type { RawExchangePanelProps } from './raw-exchange-props.ts';
import { whenIdle } from '../../tasks/when-idle.ts';

// Redaction, curl and pretty-printing load with the protocol client: ahead of the first open,
// when the page is idle, so that opening the panel does not wait for them (a Suspense fallback
// would hold the panel back for 300 ms).
const RawExchangeBody = lazyView(() => import('./raw-exchange-body.tsx'));

/**
 * Exactly what went over the wire, redacted by default, with "Copy as curl".
 * @example <RawExchangePanel exchange={result.exchange} request={null} secrets={[key]} targetId="emulator" />
 */
export function RawExchangePanel(props: RawExchangePanelProps) {
  const [open, setOpen] = useState(false);
  const shown = Boolean(props.exchange || props.request);
  useEffect(
    () => (shown ? whenIdle(() => void RawExchangeBody.preload(), 5000, 1000) : undefined),
    [shown],
  );
  if (!shown) return null;
  return (
    <details className="raw-exchange" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary
        onPointerEnter={() => void RawExchangeBody.preload()}
        onFocus={() => void RawExchangeBody.preload()}
      >
        Raw exchange
      </summary>
      {open && (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <RawExchangeBody {...props} />
        </Suspense>
      )}
    </details>
  );
}
