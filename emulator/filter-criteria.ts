// The normal model's OtherFilterCriteria syntax (the real service's is not public):
//   - whitespace-separated terms, all of which must match (AND);
//   - "double quotes" group words into one term;
//   - a bare term matches when it is a case-insensitive substring of ServiceURI or Title;
//   - field:value narrows a term to one field: title:, uri:, media:, id:
//     (an unknown field name makes the whole term a bare term, colon included, so URIs such as
//     https://host work as bare terms).
// Empty or blank criteria match everything.

export type FilterField = 'title' | 'uri' | 'media' | 'id';

export interface FilterTerm {
  readonly field: FilterField | null;
  /** Lower-cased needle. */
  readonly needle: string;
}

/** What a term is matched against. */
export interface FilterableStub {
  readonly id: string;
  readonly serviceUri: string;
  readonly mediaType: string;
  readonly title: string;
}

const FIELDS = new Set<string>(['title', 'uri', 'media', 'id']);

/**
 * Splits criteria into terms.
 * @example parseFilterCriteria('title:"city lights" png') // [{ field: 'title', needle: 'city lights' }, { field: null, needle: 'png' }]
 */
export function parseFilterCriteria(criteria: string | null): FilterTerm[] {
  if (!criteria) return [];
  const terms: FilterTerm[] = [];
  const pattern = /(?:([A-Za-z]+):)?(?:"([^"]*)"?|(\S+))/g;
  for (const match of criteria.matchAll(pattern)) {
    const [, fieldName, quoted, bare] = match;
    const field = fieldName?.toLowerCase();
    const value = quoted ?? bare ?? '';
    if (field !== undefined && FIELDS.has(field)) {
      if (value !== '') terms.push({ field: field as FilterField, needle: value.toLowerCase() });
    } else {
      const whole = fieldName === undefined ? value : `${fieldName}:${value}`;
      if (whole !== '') terms.push({ field: null, needle: whole.toLowerCase() });
    }
  }
  return terms;
}

/**
 * True when the stub satisfies every term.
 * @example matchesFilter({ id: '1', serviceUri: 'https://a/x.png', mediaType: 'image', title: 'X' }, parseFilterCriteria('png')) // true
 */
export function matchesFilter(stub: FilterableStub, terms: readonly FilterTerm[]): boolean {
  for (const term of terms) {
    const { needle } = term;
    let ok: boolean;
    switch (term.field) {
      case 'title':
        ok = stub.title.toLowerCase().includes(needle);
        break;
      case 'uri':
        ok = stub.serviceUri.toLowerCase().includes(needle);
        break;
      case 'media':
        ok = stub.mediaType.toLowerCase().includes(needle);
        break;
      case 'id':
        ok = stub.id.toLowerCase().includes(needle);
        break;
      default:
        ok =
          stub.serviceUri.toLowerCase().includes(needle) ||
          stub.title.toLowerCase().includes(needle);
    }
    if (!ok) return false;
  }
  return true;
}
