import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearExchanges, listExchangeSizes } from '../../history/history-db.ts';
import { formatBytes } from '../../text/format.ts';
import { historyKeys } from '../../history/history-keys.ts';
import {
  loadStoredResponseLimits,
  MAX_STORED_RESPONSE_LIMIT_BYTES,
  saveStoredResponseLimits,
  type StoredResponseLimits,
} from '../../history/stored-response-limits.ts';
import { MegabytesField } from './megabytes-field.tsx';

/** Settings: how much of the responses History keeps, what it keeps now, and clearing them. */
export function StoredResponses() {
  const queryClient = useQueryClient();
  const [limits, setLimits] = useState(loadStoredResponseLimits);
  const stored = useQuery({ queryKey: historyKeys.storedResponses(), queryFn: listExchangeSizes });
  const clear = useMutation({
    mutationFn: clearExchanges,
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
  const update = (patch: Partial<StoredResponseLimits>) => {
    const next = { ...limits, ...patch };
    setLimits(next);
    saveStoredResponseLimits(next);
  };
  const total = (stored.data ?? []).reduce((sum, s) => sum + s.bytes, 0);
  return (
    <section aria-labelledby="stored-heading" className="settings-section">
      <h2 id="stored-heading">Stored responses</h2>
      <p className="help">
        History keeps each call&apos;s request and response (the OpenIDKey redacted) so it can be
        compared or exported later. Oldest are dropped first when the total is reached.
      </p>
      <MegabytesField
        id="stored-entry-limit"
        label="Largest response kept (MB)"
        help="A call whose request and response are larger is listed in History without them."
        bytes={limits.maxEntryBytes}
        min={0}
        max={MAX_STORED_RESPONSE_LIMIT_BYTES}
        onValid={(maxEntryBytes) => update({ maxEntryBytes })}
      />
      <MegabytesField
        id="stored-total-limit"
        label="All stored responses (MB)"
        help="Above this, the oldest stored responses are dropped."
        bytes={limits.maxTotalBytes}
        min={0}
        max={MAX_STORED_RESPONSE_LIMIT_BYTES}
        onValid={(maxTotalBytes) => update({ maxTotalBytes })}
      />
      <p role="status" data-testid="stored-responses-usage">
        {stored.isPending
          ? 'Counting…'
          : `${stored.data?.length ?? 0} stored responses, ${formatBytes(total)} of ${formatBytes(limits.maxTotalBytes)}`}
      </p>
      <button
        type="button"
        className="secondary"
        disabled={!stored.data?.length || clear.isPending}
        onClick={() => clear.mutate()}
      >
        Clear stored responses
      </button>
    </section>
  );
}
