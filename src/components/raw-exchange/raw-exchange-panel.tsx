import { lazy, Suspense, useState } from 'react';
import type { RawExchangePanelProps } from './raw-exchange-props.ts';

// Redaction, curl and pretty-printing load with the protocol client, when the panel opens.
const RawExchangeBody = lazy(() => import('./raw-exchange-body.tsx'));

/**
 * Exactly what went over the wire, redacted by default, with "Copy as curl".
 * @example <RawExchangePanel exchange={result.exchange} request={null} secrets={[key]} targetId="emulator" />
 */
export function RawExchangePanel(props: RawExchangePanelProps) {
  const [open, setOpen] = useState(false);
  if (!props.exchange && !props.request) return null;
  return (
    <details className="raw-exchange" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Raw exchange</summary>
      {open && (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <RawExchangeBody {...props} />
        </Suspense>
      )}
    </details>
  );
}
