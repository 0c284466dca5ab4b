/**
 * What each binding answered, as parity compares it: the call sent on each binding's client in
 * turn, what it produced (a result or a thrown error) turned into a BindingResult with the key
 * redacted from every text, and the verdict over them.
 */
import type {
  AddUserAssetIndexResult,
  GetAssetStubsResult,
  InodeClient,
} from '../protocol/types.ts';
import type {
  AddUserAssetIndexParams,
  Binding,
  GetAssetStubsParams,
} from '../protocol/operations.ts';
import { isHttpError, isInodeError } from '../outcome/error-kinds.ts';
import {
  describeError,
  describeRegistrationValue,
  describeStubsRecord,
} from '../outcome/outcome.ts';
import { redactString } from '../protocol/redact.ts';
import {
  compareBindingResults,
  type BindingResult,
  type ParityVerdict,
} from './compare-binding-results.ts';

/** What one binding's call gave: the typed result, or what it threw. */
export type BindingAnswer =
  { value: GetAssetStubsResult | AddUserAssetIndexResult } | { error: unknown };

/** ASP.NET's request validation, however the binding reports it (fault, error page, 500 text). */
const REQUEST_VALIDATION = /HttpRequestValidationException|potentially dangerous Request/i;

function redactFields(
  fields: Record<string, string | null>,
  secrets: readonly string[],
): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, v === null ? null : redactString(v, secrets)]),
  );
}

export function stubsBindingResult(
  binding: Binding,
  result: GetAssetStubsResult,
  secrets: readonly string[],
): BindingResult {
  const { record, exchange } = result;
  const view = describeStubsRecord(record);
  return {
    binding,
    state: 'answered',
    outcome: view.kind,
    status: exchange.response.status,
    timeMs: exchange.timings.totalMs,
    fields: redactFields(
      {
        Success: String(record.Success),
        ErrorMessage: record.ErrorMessage,
        ErrorCode: record.ErrorCode,
        Exception: record.Exception,
        DataStubs: record.DataStubs,
        NewRecordID: record.NewRecordID,
        UserID: record.UserID,
      },
      secrets,
    ),
    note: view.title,
  };
}

export function registrationBindingResult(
  binding: Binding,
  result: AddUserAssetIndexResult,
  secrets: readonly string[],
): BindingResult {
  const view = describeRegistrationValue(result.value);
  return {
    binding,
    state: 'answered',
    outcome: view.kind,
    status: result.exchange.response.status,
    timeMs: result.exchange.timings.totalMs,
    fields: redactFields({ value: result.value }, secrets),
    note: view.title,
  };
}

export function errorBindingResult(
  binding: Binding,
  error: unknown,
  secrets: readonly string[],
): BindingResult {
  const view = describeError(error);
  const exchange = isInodeError(error) ? error.exchange : undefined;
  const status = exchange?.response.status ?? null;
  const timeMs = exchange?.timings.totalMs ?? null;
  const text = [
    error instanceof Error ? error.message : '',
    view.detail ?? '',
    exchange?.response.bodyText.slice(0, 20_000) ?? '',
  ].join('\n');
  const base = { binding, status, timeMs, fields: {} };
  if (isHttpError(error) && error.bindingDisabled) {
    return { ...base, state: 'switched-off', outcome: null, note: 'Switched off on the server' };
  }
  if (REQUEST_VALIDATION.test(text)) {
    return {
      ...base,
      state: 'refused',
      outcome: null,
      note: 'Refused by request validation (ASP.NET found markup in a value)',
    };
  }
  return {
    ...base,
    state: 'answered',
    outcome: view.kind,
    fields: redactFields(Object.fromEntries(view.facts.map((f) => [f.label, f.value])), secrets),
    note: redactString(view.title, secrets),
  };
}

/**
 * The BindingResult of any answer: the one entry the console's parity run and
 * `inode-console parity` both use.
 * @example bindingResultOf('soap11', { value: await client.getAssetStubs(params) }, [params.OpenIDKey])
 */
export function bindingResultOf(
  binding: Binding,
  answer: BindingAnswer,
  secrets: readonly string[],
): BindingResult {
  if ('error' in answer) return errorBindingResult(binding, answer.error, secrets);
  const { value } = answer;
  return 'record' in value
    ? stubsBindingResult(binding, value, secrets)
    : registrationBindingResult(binding, value, secrets);
}

export function skippedBindingResult(binding: Binding, note: string): BindingResult {
  return {
    binding,
    state: 'skipped',
    outcome: null,
    status: null,
    timeMs: null,
    fields: {},
    note,
  };
}

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

export const GET_SKIPPED_NOTE = 'Not called: you chose not to put the OpenIDKey in a URL';

/** The bindings in the order they are called and shown. */
const ORDER = ['soap11', 'soap12', 'http-post', 'http-get'] as const;

/** Sends the request on one binding's client; what it returns or throws is the answer. */
export async function answerOn(
  client: () => Promise<InodeClient>,
  request: ParityParams,
  signal?: AbortSignal,
): Promise<BindingAnswer> {
  try {
    const opened = await client();
    const options = signal ? { signal } : {};
    return request.operation === 'GetAssetStubs'
      ? { value: await opened.getAssetStubs(request.params, options) }
      : { value: await opened.addUserAssetIndex(request.params, options) };
  } catch (error) {
    return { error };
  }
}

/**
 * @example const { calls, verdict } = await callBindings(request, BINDING_NAMES, (b) => openClient(qc, connection, b), signal);
 */
export async function callBindings(
  request: ParityParams,
  bindings: readonly Binding[],
  clientOf: (binding: Binding) => Promise<InodeClient>,
  signal?: AbortSignal,
): Promise<{ calls: ParityCall[]; verdict: ParityVerdict }> {
  const secrets = [request.params.OpenIDKey];
  const calls: ParityCall[] = [];
  for (const binding of ORDER) {
    if (!bindings.includes(binding)) {
      calls.push({ binding, result: skippedBindingResult(binding, GET_SKIPPED_NOTE) });
      continue;
    }
    const answer = await answerOn(() => clientOf(binding), request, signal);
    calls.push({ binding, ...answer, result: bindingResultOf(binding, answer, secrets) });
  }
  return { calls, verdict: compareBindingResults(calls.map((c) => c.result)) };
}
