/**
 * One call's outcome for the command line: the page's words (src/outcome/outcome.ts), the exit code,
 * and what the JSON output and reports carry (the typed result and the redacted exchange).
 */
import {
  redactExchange,
  type AddUserAssetIndexResult,
  type Exchange,
  type GetAssetStubsResult,
  type OperationName,
} from '../src/protocol/index.ts';
import {
  describeError,
  describeRegistrationValue,
  describeStubsRecord,
  exchangeOf,
  type OutcomeView,
} from '../src/outcome/outcome.ts';
import type { OutcomeKind } from '../src/outcome/outcome-kind.ts';
import { EXIT } from './exit-codes.ts';

export type CallResult = GetAssetStubsResult | AddUserAssetIndexResult;

export interface CallOutcome {
  operation: OperationName;
  binding: string;
  view: OutcomeView;
  exitCode: number;
  /** Present when the service answered in the expected shape. */
  result: GetAssetStubsResult | AddUserAssetIndexResult | null;
  /** Present when the call threw. */
  error: { name: string; message: string } | null;
  exchange: Exchange | null;
  durationMs: number;
}

/** Which exit code an outcome kind maps to. */
export function exitCodeOf(kind: OutcomeKind): number {
  if (kind === 'success') return EXIT.ok;
  if (kind === 'business-failure') return EXIT.businessFailure;
  if (kind === 'input-error') return EXIT.usage;
  return EXIT.technicalFailure;
}

/** Runs one call and describes it; never throws. */
export async function runCall(
  operation: OperationName,
  binding: string,
  send: () => Promise<CallResult>,
): Promise<CallOutcome> {
  const started = performance.now();
  try {
    const result = await send();
    const view =
      'record' in result
        ? describeStubsRecord(result.record)
        : describeRegistrationValue(result.value);
    return {
      operation,
      binding,
      view,
      exitCode: exitCodeOf(view.kind),
      result,
      error: null,
      exchange: result.exchange,
      durationMs: performance.now() - started,
    };
  } catch (thrown) {
    const view = describeError(thrown);
    const error =
      thrown instanceof Error
        ? { name: thrown.name, message: thrown.message }
        : { name: 'Error', message: String(thrown) };
    return {
      operation,
      binding,
      view,
      exitCode: exitCodeOf(view.kind),
      result: null,
      error,
      exchange: exchangeOf(thrown).exchange,
      durationMs: performance.now() - started,
    };
  }
}

/** The outcome as plain data for --output json and --reporter json, without the key. */
export function outcomeJson(outcome: CallOutcome, secrets: readonly string[]): unknown {
  const { result } = outcome;
  return {
    operation: outcome.operation,
    binding: outcome.binding,
    outcome: outcome.view.kind,
    exitCode: outcome.exitCode,
    title: outcome.view.title,
    message: outcome.view.message,
    facts: outcome.view.facts,
    durationMs: Math.round(outcome.durationMs),
    result:
      result === null
        ? null
        : 'record' in result
          ? {
              record: result.record,
              dataStubsForm: result.dataStubsForm,
              warnings: result.warnings,
            }
          : { value: result.value, warnings: result.warnings },
    error: outcome.error,
    exchange: outcome.exchange ? redactExchange(outcome.exchange, secrets) : null,
  };
}
