/**
 * Whether one call came back the same on every binding: field by field, with DataStubs compared
 * by meaning (namespace prefixes, attribute order, insignificant whitespace and the form the
 * payload arrived in do not count), by the same function the console's parity view uses.
 */
import { OPERATIONS } from '../src/protocol/index.ts';
import { sameXmlMeaning } from '../src/xml/compare/xml-meaning-tree.ts';
import type { CallOutcome } from './call-outcome.ts';

export interface Difference {
  field: string;
  /** The field's value on each binding, in the order of the outcomes. */
  values: Array<{ binding: string; value: string }>;
}

export type CompareOutcomes = (outcomes: readonly CallOutcome[]) => Difference[];

/**
 * The HTTP bindings indent DataStubs and SOAP does not (the real service does the same): shown
 * without the whitespace between tags, so two differing values are readable side by side.
 */
function withoutIndentation(xml: string): string {
  return xml.replace(/>\s+</g, '><').trim();
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '(absent)';
  if (value === '') return '(empty)';
  return String(value);
}

/** The compared fields of one outcome, by name. */
function fieldsOf(outcome: CallOutcome): Map<string, string> {
  const fields = new Map<string, string>([['outcome', outcome.view.kind]]);
  const { result } = outcome;
  if (result && 'record' in result) {
    for (const field of OPERATIONS.GetAssetStubs.result.fields) {
      const value = result.record[field.name];
      fields.set(
        field.name,
        text(
          field.name === 'DataStubs' && typeof value === 'string'
            ? withoutIndentation(value)
            : value,
        ),
      );
    }
  } else if (result) {
    // Every AddUserAssetIndex call registers anew, so its ID differs by nature; an ERROR answer
    // is compared word for word.
    fields.set('value', /^\s*ERROR/i.test(result.value) ? result.value : '(an ID)');
  } else {
    for (const fact of outcome.view.facts) fields.set(fact.label, fact.value);
  }
  return fields;
}

/** @example fieldByFieldComparison(outcomes) // [] when every binding agrees */
export const fieldByFieldComparison: CompareOutcomes = (outcomes) => {
  const perBinding = outcomes.map((outcome) => ({
    binding: outcome.binding,
    fields: fieldsOf(outcome),
  }));
  const names = new Set(perBinding.flatMap((b) => [...b.fields.keys()]));
  const differences: Difference[] = [];
  for (const field of names) {
    const values = perBinding.map((b) => ({
      binding: b.binding,
      value: b.fields.get(field) ?? '(absent)',
    }));
    const first = values[0]?.value ?? '';
    const same =
      field === 'DataStubs'
        ? values.every((v) => sameXmlMeaning(first, v.value))
        : values.every((v) => v.value === first);
    if (!same) differences.push({ field, values });
  }
  return differences;
};
