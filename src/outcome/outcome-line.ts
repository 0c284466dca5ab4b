/**
 * A failure in one line a person understands, never with the key in it: a bulk row's result on
 * the page and in `inode-console`, the same words as the outcome banner.
 */
import { describeError } from './outcome.ts';
import { redactString } from '../protocol/redact.ts';

/**
 * @example failureLine(timeoutError, ['k']) // 'No answer in time · Waited: 30 s'
 */
export function failureLine(error: unknown, secrets: readonly string[]): string {
  const view = describeError(error);
  const facts = view.facts.map((fact) => `${fact.label}: ${fact.value}`);
  return redactString([view.title, ...facts].join(' · '), secrets);
}
