/**
 * BASELINE for `npm run bench -- table-query`: the sort ranks of src/xml/table-query.ts as they
 * were before issue 24's work on them (commit 786bb30), copied unchanged but for this comment and
 * the name, so that the bench times the old and the new side by side in one run. The rest of
 * that file (queryRows, the counting sort, the search text's rows) did not change. Not used by
 * the console.
 */

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Lower case with digit runs padded: 'Item9' -> 'item00000000000000000009' sorts before 'item10'. */
function naturalKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(20, '0'));
}

/**
 * The sort rank of each row's value (-1 when empty): numeric when every non-empty value is a
 * number, else natural. Computed once per column; both directions reuse it.
 *
 * @example rowRanks(['b', '', 'a']) // Int32Array [1, -1, 0]
 */
export function baselineRowRanks(values: readonly string[]): Int32Array {
  const rows = values.length;
  const numeric = values.every((v) => v === '' || NUMBER.test(v.trim()));
  const ranks = new Int32Array(rows);
  if (numeric) {
    const distinct = Array.from(new Set(values.filter((v) => v !== '').map(Number))).sort(
      (a, b) => a - b,
    );
    const rank = new Map<number, number>();
    distinct.forEach((value, i) => rank.set(value, i));
    for (let i = 0; i < rows; i++) {
      const value = values[i] ?? '';
      ranks[i] = value === '' ? -1 : (rank.get(Number(value)) ?? 0);
    }
    return ranks;
  }
  // Natural keys (lower case, digit runs zero-padded) compare with plain "<", far faster than a
  // collator over 100,000 rows; only the distinct values are sorted.
  // The comparator reads keys from an array by index: a Map lookup per comparison would cost more
  // than the rest of the sort.
  const distinct = Array.from(new Set(values)).filter((v) => v !== '');
  const keys = distinct.map(naturalKey);
  const sorted = Array.from(distinct.keys()).sort((a, b) => {
    const ka = keys[a] ?? '';
    const kb = keys[b] ?? '';
    if (ka !== kb) return ka < kb ? -1 : 1;
    const va = distinct[a] ?? '';
    const vb = distinct[b] ?? '';
    return va < vb ? -1 : va > vb ? 1 : 0;
  });
  const rank = new Map<string, number>();
  sorted.forEach((at, i) => rank.set(distinct[at] ?? '', i));
  for (let i = 0; i < rows; i++) ranks[i] = rank.get(values[i] ?? '') ?? -1;
  return ranks;
}
