/**
 * Binding parity: the same call over several bindings, judged field by field. Pure (no React,
 * no DOM): the console's parity panel and `inode-console parity` both judge with it.
 */
import { BINDINGS, type Binding } from '../protocol/operations.ts';
import { sameXmlMeaning } from '../xml/compare/xml-meaning-tree.ts';

/**
 * How one binding's call ended, in the terms parity compares.
 * - answered: the service produced an outcome to compare (a result, a fault, an error page…)
 * - switched-off: the server has this binding turned off
 * - refused: ASP.NET request validation refused the values before the service saw them
 * - skipped: not called (HTTP GET without the user's consent to put the key in a URL)
 */
export type BindingState = 'answered' | 'switched-off' | 'refused' | 'skipped';

export interface BindingResult {
  binding: Binding;
  state: BindingState;
  /** The outcome kind (success, business-failure, soap-fault…); null when not answered. */
  outcome: string | null;
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  timeMs: number | null;
  /** Result fields as text (record fields, or `value` for AddUserAssetIndex); null = absent. */
  fields: Record<string, string | null>;
  /** One line for the column when it is not compared, or the outcome's title. */
  note: string;
}

export interface ValueGroup {
  value: string | null;
  bindings: Binding[];
}

export interface FieldDifference {
  field: string;
  /** Largest group first: the bindings that agree with each other. */
  groups: ValueGroup[];
}

export interface ParityVerdict {
  agree: boolean;
  /** The bindings whose answers were compared. */
  compared: Binding[];
  /** The bindings that could not be compared, and why. */
  excluded: Array<{ binding: Binding; state: Exclude<BindingState, 'answered'> }>;
  differences: FieldDifference[];
  /** The sentence shown at the top. */
  headline: string;
}

export interface CompareOptions {
  /** Fields compared by meaning rather than by text; default: DataStubs. */
  xmlFields?: readonly string[];
  /**
   * Equality for those fields; default: the same meaning (`sameXmlMeaning`: namespace prefixes,
   * attribute order, quotes and whitespace between tags do not count).
   */
  sameXml?: (a: string, b: string) => boolean;
}

const XML_FIELDS: readonly string[] = ['DataStubs'];

const STATE_WORDS: Record<Exclude<BindingState, 'answered'>, string> = {
  'switched-off': 'switched off on the server',
  refused: 'refused by request validation',
  skipped: 'not called',
};

const label = (binding: Binding) => BINDINGS[binding].label;

function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function groupValues(
  entries: ReadonlyArray<{ binding: Binding; value: string | null }>,
  same: (a: string, b: string) => boolean,
): ValueGroup[] {
  const groups: ValueGroup[] = [];
  for (const { binding, value } of entries) {
    const group = groups.find((g) =>
      g.value === null || value === null ? g.value === value : same(g.value, value),
    );
    if (group) group.bindings.push(binding);
    else groups.push({ value, bindings: [binding] });
  }
  return groups.sort((a, b) => b.bindings.length - a.bindings.length);
}

function describeDifference(difference: FieldDifference): string {
  const [majority, ...others] = difference.groups;
  if (!majority) return '';
  const odd = others.flatMap((g) => g.bindings).map(label);
  return majority.bindings.length > 1
    ? `${difference.field} differs on ${listOf(odd)}`
    : `${difference.field} differs on every binding`;
}

/**
 * @example
 * const verdict = compareBindingResults(results);
 * verdict.headline // 'All four bindings agree' or 'DataStubs differs on HTTP GET'
 */
export function compareBindingResults(
  results: readonly BindingResult[],
  options: CompareOptions = {},
): ParityVerdict {
  const answered = results.filter((r) => r.state === 'answered');
  const excluded = results.flatMap((r) =>
    r.state === 'answered' ? [] : [{ binding: r.binding, state: r.state }],
  );
  const xmlFields = new Set(options.xmlFields ?? XML_FIELDS);
  const exact = (a: string, b: string) => a === b;
  const differences: FieldDifference[] = [];
  const compare = (field: string, pick: (r: BindingResult) => string | null | undefined) => {
    const entries = answered.flatMap((r) => {
      const value = pick(r);
      return value === undefined ? [] : [{ binding: r.binding, value }];
    });
    if (entries.length < 2) return;
    const same = xmlFields.has(field) ? (options.sameXml ?? sameXmlMeaning) : exact;
    const groups = groupValues(entries, same);
    if (groups.length > 1) differences.push({ field, groups });
  };
  compare('Outcome', (r) => r.outcome);
  compare('HTTP status', (r) => (r.status === null ? null : String(r.status)));
  const fieldNames = [...new Set(answered.flatMap((r) => Object.keys(r.fields)))];
  for (const field of fieldNames) {
    compare(field, (r) => (field in r.fields ? r.fields[field] : undefined));
  }

  const agree = differences.length === 0 && answered.length > 0;
  const excludedText = excluded.length
    ? ` (${excluded.map((e) => `${label(e.binding)}: ${STATE_WORDS[e.state]}`).join('; ')})`
    : '';
  let headline: string;
  if (answered.length === 0) headline = `No binding answered${excludedText}`;
  else if (answered.length === 1)
    headline = `Only ${label(answered[0]!.binding)} answered${excludedText}`;
  else if (agree && answered.length === 4) {
    const outcome = answered[0]!.outcome;
    // Agreeing on a failure is worth saying so: "agree" alone reads as "all is well".
    headline = `All four bindings agree${outcome && outcome !== 'success' ? ` (each: ${answered[0]!.note})` : ''}`;
  } else if (agree) headline = `The ${answered.length} bindings that answered agree${excludedText}`;
  else headline = `${differences.map(describeDifference).join('; ')}${excludedText}`;
  return {
    agree,
    compared: answered.map((r) => r.binding),
    excluded,
    differences,
    headline,
  };
}
