/**
 * A History entry's facts in words, the same on History and in Compare's pickers: where the call
 * went, who answered, how much came back. A fact an older entry did not record reads "not
 * recorded"; one the answer did not carry reads "—". Nothing is ever inferred.
 */
import { BINDINGS } from '../protocol/operations.ts';
import type { CallRecord } from './history-db.ts';
import { OUTCOME_LABELS } from '../outcome/outcome-kind.ts';

export const NOT_RECORDED = 'not recorded';
export const MISSING = '—';

/** @example targetText({ targetId: null }) // 'server default' */
export function targetText(call: Pick<CallRecord, 'targetId'>): string {
  return call.targetId ?? 'server default';
}

export function bindingText(call: Pick<CallRecord, 'binding' | 'parity'>): string {
  return call.parity ? 'All bindings (parity)' : BINDINGS[call.binding].label;
}

export function userIdText(call: CallRecord): string {
  if (call.operation !== 'GetAssetStubs') return MISSING;
  if (!('userId' in call)) return NOT_RECORDED;
  return call.userId ?? MISSING;
}

/**
 * GetAssetStubs: the number of stubs; AddUserAssetIndex: the string it returned.
 * @example amountText({ operation: 'GetAssetStubs', stubsCount: 1, ... }) // '1 stub'
 */
export function amountText(call: CallRecord): string {
  if (call.operation === 'GetAssetStubs') {
    if (!('stubsCount' in call)) return NOT_RECORDED;
    const count = call.stubsCount;
    if (count === null || count === undefined) return MISSING;
    return `${count.toLocaleString()} ${count === 1 ? 'stub' : 'stubs'}`;
  }
  if (!('result' in call)) return NOT_RECORDED;
  if (call.result === null || call.result === undefined) return MISSING;
  return call.result === '' ? '(empty)' : call.result;
}

/** Parameters as `name=value`, comma separated; they never hold the key. */
export function paramsText(params: Record<string, string>): string {
  const entries = Object.entries(params);
  return entries.length === 0
    ? '(none)'
    : entries.map(([k, v]) => `${k}=${v === '' ? '(empty)' : v}`).join(', ');
}

/**
 * One line telling an entry apart from the others (Compare's pickers).
 * @example factsLine(call) // '02/01/2026, 03:04:05 · emulator · GetAssetStubs · SOAP 1.1 · UserID user-… · 3 stubs'
 */
export function factsLine(call: CallRecord): string {
  return [
    new Date(call.at).toLocaleString(),
    targetText(call),
    call.operation,
    bindingText(call),
    `UserID ${userIdText(call)}`,
    amountText(call),
    paramsText(call.params),
  ].join(' · ');
}

/**
 * True when every word of `query` is in the entry's operation, target, binding, parameters,
 * UserID, stubs or result, or outcome (its label and summary), ignoring case. The key is not
 * among them: History never has it.
 * @example matchesSearch(call, 'alice image') // both words somewhere in the entry
 */
export function matchesSearch(call: CallRecord, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    call.operation,
    targetText(call),
    bindingText(call),
    paramsText(call.params),
    userIdText(call),
    amountText(call),
    OUTCOME_LABELS[call.outcome],
    call.summary,
  ]
    .join('\n')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
