/** A History entry's stored exchange decoded again, as the call's result would have been. */
import { getExchange, type CallRecord } from './history-db.ts';
import { decodeOfflineItem, type OfflineOutcome } from '../offline/open-offline.ts';

const NOT_KEPT = 'History did not keep this response (over the size limit, or cleared).';

/** The stored call decoded as its result (or its error), or a sentence saying why there is none. */
export async function loadStoredOutcome(
  call: CallRecord,
): Promise<{ outcome: OfflineOutcome } | { missing: string }> {
  const exchange = await getExchange(call.id);
  if (!exchange) return { missing: NOT_KEPT };
  return {
    outcome: decodeOfflineItem({
      label: '',
      operation: call.operation,
      binding: call.binding,
      request: exchange.request,
      response: exchange.response,
      startedAt: exchange.timings.startedAt,
      timeMs: exchange.timings.totalMs,
      keyRevealed: false,
    }),
  };
}

/** The DataStubs of a stored GetAssetStubs call, or a sentence saying why there is none. */
export async function loadStoredDataStubs(
  call: CallRecord,
): Promise<{ xml: string } | { missing: string }> {
  const stored = await loadStoredOutcome(call);
  if ('missing' in stored) return stored;
  const { outcome } = stored;
  if (outcome.kind !== 'records') return { missing: 'This call returned no record.' };
  const xml = outcome.result.record.DataStubs;
  return xml === null ? { missing: 'This call returned no DataStubs.' } : { xml };
}
