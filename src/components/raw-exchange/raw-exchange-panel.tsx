import { lazy, Suspense, useState } from 'react';
import type { Exchange, RawRequest } from '../../protocol/types.ts';

// Redaction, curl and pretty-printing load with the protocol client, when the panel opens.
const RawExchangeBody = lazy(() => import('./raw-exchange-body.tsx'));

export interface RawExchangePanelProps {
  /** The whole exchange when a response arrived. */
  exchange: Exchange | null;
  /** The request alone when none did (network failure, timeout). */
  request: RawRequest | null;
  /** Values redacted unless the user reveals them: the OpenIDKey. */
  secrets: string[];
  /** The dev-server target the call went to, so "Copy as curl" reaches the same one. */
  targetId: string | null;
}

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
