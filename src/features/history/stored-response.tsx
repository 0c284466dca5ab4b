import { useQuery } from '@tanstack/react-query';
import { StubsResult } from '../../components/call-result/stubs-result.tsx';
import { useSettings } from '../../settings/settings-context.tsx';
import { StringResult } from '../../components/call-result/string-result.tsx';
import type { CallRecord } from '../../history/history-db.ts';
import { historyKeys } from '../../history/history-keys.ts';
import { factsLine } from '../../history/history-facts.ts';
import { loadStoredOutcome } from '../../history/stored-result.ts';

/**
 * A History entry's kept response in the same views as a live call (the DataStubs viewer, the
 * returned value, the raw exchange), read from IndexedDB: nothing is sent.
 */
export function StoredResponse({ call, onClose }: { call: CallRecord; onClose(): void }) {
  const { maxIndexBytes } = useSettings().settings;
  const stored = useQuery({
    queryKey: historyKeys.storedResponse(call),
    queryFn: () => loadStoredOutcome(call),
    staleTime: Infinity,
  });
  const source = `Stored in History: ${factsLine(call)}. Nothing was sent.`;
  const data = stored.data;
  return (
    <section className="stored-response" aria-labelledby="stored-response-heading">
      <div className="stored-response-head">
        <h2 id="stored-response-heading">
          Stored response of {call.operation}, {new Date(call.at).toLocaleString()}
        </h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close response
        </button>
      </div>
      {stored.isPending && (
        <p role="status" className="loading">
          Reading the stored response…
        </p>
      )}
      {stored.isError && (
        <p role="alert" className="error">
          The stored response could not be read from IndexedDB in this browser.
        </p>
      )}
      {data && 'missing' in data && <p role="status">{data.missing}</p>}
      {data && 'outcome' in data && data.outcome.kind === 'string' && (
        <StringResult result={data.outcome.result} source={source} />
      )}
      {data && 'outcome' in data && data.outcome.kind === 'no-response' && (
        <p role="status">{source} This entry holds no response.</p>
      )}
      {data &&
        'outcome' in data &&
        (data.outcome.kind === 'records' || data.outcome.kind === 'error') && (
          <StubsResult
            result={data.outcome.kind === 'records' ? data.outcome.result : undefined}
            error={data.outcome.kind === 'error' ? data.outcome.error : null}
            cancelled={false}
            // Stored exchanges were redacted before they were written: nothing left to hide.
            secret=""
            targetId={call.targetId}
            assetType={call.params.AssetType ?? ''}
            stale={false}
            submission={0}
            maxIndexBytes={maxIndexBytes}
            source={source}
          />
        )}
    </section>
  );
}
