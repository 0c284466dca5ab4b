/**
 * The console's parity run: callBindings through the page's connection, the run recorded in
 * History as one entry.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Binding, OperationName } from '../protocol/operations.ts';
import { openClient, type Connection } from '../connection/connection.ts';
import { addCall, withoutSecrets } from '../history/history-db.ts';
import { isOutcomeKind } from '../outcome/outcome-kind.ts';
import type { ParityVerdict } from './compare-binding-results.ts';
import { callBindings, type ParityCall, type ParityParams } from './binding-result.ts';
import { warnStorageFailure } from '../history/storage-warning.ts';

export type { ParityCall, ParityParams } from './binding-result.ts';

export interface ParityRun {
  operation: OperationName;
  calls: ParityCall[];
  verdict: ParityVerdict;
  at: number;
}

/**
 * @example const run = await runParity(queryClient, connection, { operation: 'GetAssetStubs', params }, BINDING_NAMES, signal);
 */
export async function runParity(
  queryClient: QueryClient,
  connection: Connection,
  request: ParityParams,
  bindings: readonly Binding[],
  signal: AbortSignal,
): Promise<ParityRun> {
  const at = Date.now();
  const started = performance.now();
  const { calls, verdict } = await callBindings(
    request,
    bindings,
    (binding) => openClient(queryClient, connection, binding),
    signal,
  );
  const outcomes = calls.flatMap((c) => {
    const kind = c.result.outcome;
    return kind && isOutcomeKind(kind) ? [kind] : [];
  });
  const mostCommon = outcomes
    .slice()
    .sort(
      (a, b) => outcomes.filter((o) => o === b).length - outcomes.filter((o) => o === a).length,
    )[0];
  await addCall({
    operation: request.operation,
    binding: calls[0]?.binding ?? 'soap11',
    targetId: connection.targetId,
    params: withoutSecrets(request.operation, request.params),
    // The outcome most bindings had; a run where none answered reads as an HTTP error.
    outcome: mostCommon ?? 'http-error',
    summary: `Parity: ${verdict.headline}`,
    durationMs: performance.now() - started,
    at,
    parity: {
      agree: verdict.agree,
      headline: verdict.headline,
      bindings: calls.map(({ result }) => ({
        binding: result.binding,
        state: result.state,
        outcome: result.outcome,
        status: result.status,
        timeMs: result.timeMs,
      })),
    },
  }).catch((error: unknown) => {
    warnStorageFailure('History could not be written', error);
  });
  return { operation: request.operation, calls, verdict, at };
}
