/**
 * Turns what one binding's call produced (a result or a thrown error) into the BindingResult
 * parity compares, with the key redacted from every text.
 */
import type { AddUserAssetIndexResult, GetAssetStubsResult } from '../protocol/types.ts';
import type { Binding } from '../protocol/operations.ts';
import { isHttpError, isInodeError } from '../outcome/error-kinds.ts';
import {
  describeError,
  describeRegistrationValue,
  describeStubsRecord,
} from '../outcome/outcome.ts';
import { redactString } from '../protocol/redact.ts';
import type { BindingResult } from './compare-binding-results.ts';

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
