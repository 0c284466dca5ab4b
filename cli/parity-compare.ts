/**
 * The parity verdict in the command line's words. The verdict is the console's
 * (`compareBindingResults`, src/parity/: every field, DataStubs by meaning); this module lists
 * its differences as `inode-console parity` prints them (one value per binding) and says whether
 * the run passes: every binding must have answered, and agree.
 */
import {
  compareBindingResults,
  type BindingResult,
  type ParityVerdict,
} from '../src/parity/compare-binding-results.ts';

export interface Difference {
  field: string;
  /** The field's value on each binding, in the order of the results. */
  values: Array<{ binding: string; value: string }>;
}

export interface CliParity {
  verdict: ParityVerdict;
  /** The verdict agrees and no binding was left out (switched off, refused). */
  agree: boolean;
  differences: Difference[];
}

/** The verdict's Outcome field, as the command line has always named it. */
const OUTCOME = 'outcome';

/**
 * The HTTP bindings indent DataStubs and SOAP does not (the real service does the same): shown
 * without the whitespace between tags, so two differing values are readable side by side.
 */
function withoutIndentation(xml: string): string {
  return xml.replace(/>\s+</g, '><').trim();
}

function text(field: string, value: string | null | undefined): string {
  if (value === null || value === undefined) return '(absent)';
  if (value === '') return '(empty)';
  return field === 'DataStubs' ? withoutIndentation(value) : value;
}

function valueOf(result: BindingResult, field: string): string {
  if (field === 'Outcome') return result.outcome ?? result.state;
  if (field === 'HTTP status')
    return text(field, result.status === null ? null : String(result.status));
  return text(field, result.fields[field]);
}

/** @example parityOf(results).differences // [] when every binding answered and agrees */
export function parityOf(results: readonly BindingResult[]): CliParity {
  const verdict = compareBindingResults(results);
  const fields = verdict.differences.map((d) => d.field);
  // A binding left out of the comparison is a difference of outcome here: a gate passes only
  // when all the bindings asked answered alike.
  if (verdict.excluded.length > 0 && !fields.includes('Outcome')) fields.unshift('Outcome');
  const differences = fields.map((field) => ({
    field: field === 'Outcome' ? OUTCOME : field,
    values: results.map((r) => ({ binding: r.binding, value: valueOf(r, field) })),
  }));
  return { verdict, agree: differences.length === 0, differences };
}
