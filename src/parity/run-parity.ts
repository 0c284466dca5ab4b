/**
 * Runs one call over several bindings, one after another (so their timings do not compete),
 * and records the run in History as one entry.
 */
import type { QueryClient } from '@tanstack/react-query';
import type {
  AddUserAssetIndexParams,
  GetAssetStubsParams,
  Binding,
  OperationName,
} from '../protocol/operations.ts';
import type { AddUserAssetIndexResult, GetAssetStubsResult } from '../protocol/types.ts';
import { openClient, type Connection } from '../connection/connection.ts';
import { addCall, withoutSecrets } from '../history/history-db.ts';
import { isOutcomeKind } from '../outcome/outcome-kind.ts';
import { sameXmlMeaning } from '../xml/compare/xml-meaning-tree.ts';
import {
  compareBindingResults,
  type BindingResult,
  type ParityVerdict,
} from './compare-binding-results.ts';
import {
  errorBindingResult,
  registrationBindingResult,
  skippedBindingResult,
  stubsBindingResult,
} from './binding-result.ts';

export type ParityParams =
  | { operation: 'GetAssetStubs'; params: GetAssetStubsParams }
  | { operation: 'AddUserAssetIndex'; params: AddUserAssetIndexParams };

export interface ParityCall {
  binding: Binding;
  result: BindingResult;
  /** What the client returned or threw; absent when the binding was skipped. */
  value?: GetAssetStubsResult | AddUserAssetIndexResult;
  error?: unknown;
}

export interface ParityRun {
  operation: OperationName;
  calls: ParityCall[];
  verdict: ParityVerdict;
  at: number;
}

export const GET_SKIPPED_NOTE = 'Not called: you chose not to put the OpenIDKey in a URL';

async function callOne(
  queryClient: QueryClient,
  connection: Connection,
  binding: Binding,
  request: ParityParams,
  signal: AbortSignal,
): Promise<ParityCall> {
  const secrets = [request.params.OpenIDKey];
  try {
    const client = await openClient(queryClient, connection, binding);
    if (request.operation === 'GetAssetStubs') {
      const value = await client.getAssetStubs(request.params, { signal });
      return { binding, value, result: stubsBindingResult(binding, value, secrets) };
    }
    const value = await client.addUserAssetIndex(request.params, { signal });
    return { binding, value, result: registrationBindingResult(binding, value, secrets) };
  } catch (error) {
    return { binding, error, result: errorBindingResult(binding, error, secrets) };
  }
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
  const calls: ParityCall[] = [];
  for (const binding of ['soap11', 'soap12', 'http-post', 'http-get'] as const) {
    calls.push(
      bindings.includes(binding)
        ? await callOne(queryClient, connection, binding, request, signal)
        : { binding, result: skippedBindingResult(binding, GET_SKIPPED_NOTE) },
    );
  }
  const verdict = compareBindingResults(
    calls.map((c) => c.result),
    { xmlFields: ['DataStubs'], sameXml: sameXmlMeaning },
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
    console.warn('History could not be written', error instanceof Error ? error.name : error);
  });
  return { operation: request.operation, calls, verdict, at };
}
