/**
 * Sorting, filtering and CSV export of a record table. These run in the worker, which holds the
 * values, so that 100,000-row operations never block the page: the page receives only the row
 * order as a Uint32Array.
 */
import Papa from 'papaparse';

export type SortDirection = 'asc' | 'desc';

export interface TableQuery {
  sortColumn: number | null;
  sortDirection: SortDirection;
  filter: string;
}

// Cells a spreadsheet would run as a formula get a leading quote (CSV injection), but plain signed
// numbers stay numbers.
const SPREADSHEET_FORMULA = /^[=+\-@\t\r](?![\d.]*$)/;
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Lower case with digit runs padded: 'Item9' -> 'item00000000000000000009' sorts before 'item10'. */
function naturalKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(20, '0'));
}

/**
 * Row order sorted by one column: numerically when every non-empty value is a number, else by
 * natural, case-insensitive order (digit runs compare as numbers; other characters by code point). Empty values go last in both directions; ties keep
 * document order (the sort is stable).
 *
 * @example sortedRowOrder(['b', 'a', ''], 'asc') // Uint32Array [1, 0, 2]
 */
export function sortedRowOrder(values: readonly string[], direction: SortDirection): Uint32Array {
  return orderByRanks(rowRanks(values), direction);
}

/**
 * The sort rank of each row's value (-1 when empty): numeric when every non-empty value is a
 * number, else natural. Computed once per column; both directions reuse it.
 *
 * @example rowRanks(['b', '', 'a']) // Int32Array [1, -1, 0]
 */
export function rowRanks(values: readonly string[]): Int32Array {
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

/**
 * Rows ordered by rank with a counting sort: linear, stable in both directions (ties keep
 * document order), empty values (-1) last.
 *
 * @example orderByRanks(Int32Array.of(1, -1, 0), 'desc') // Uint32Array [0, 2, 1]
 */
export function orderByRanks(ranks: Int32Array, direction: SortDirection): Uint32Array {
  let maxRank = -1;
  for (const rank of ranks) if (rank > maxRank) maxRank = rank;
  // starts[b]: first output slot of bucket b; bucket maxRank + 1 holds the empty values.
  const buckets = maxRank + 2;
  const starts = new Int32Array(buckets + 1);
  const bucketOf = (rank: number) =>
    rank < 0 ? buckets - 1 : direction === 'asc' ? rank : maxRank - rank;
  for (const rank of ranks) starts[bucketOf(rank) + 1] = (starts[bucketOf(rank) + 1] ?? 0) + 1;
  for (let b = 1; b <= buckets; b++) starts[b] = (starts[b] ?? 0) + (starts[b - 1] ?? 0);
  const order = new Uint32Array(ranks.length);
  for (let row = 0; row < ranks.length; row++) {
    const bucket = bucketOf(ranks[row] ?? -1);
    order[starts[bucket] ?? 0] = row;
    starts[bucket] = (starts[bucket] ?? 0) + 1;
  }
  return order;
}

/** One lower-cased search string per row, built once, so each filter is a scan of includes(). */
export function rowHaystacks(columns: readonly (readonly string[])[], rows: number): string[] {
  const haystacks = new Array<string>(rows);
  for (let row = 0; row < rows; row++) {
    let text = '';
    for (const column of columns) text += (column[row] ?? '') + '\u0000';
    haystacks[row] = text.toLowerCase();
  }
  return haystacks;
}

/**
 * Applies a query: filter (case-insensitive substring over all columns), then sort.
 *
 * @example queryRows(values, haystacks, { sortColumn: 0, sortDirection: 'asc', filter: 'image' })
 */
export function queryRows(
  values: readonly (readonly string[])[],
  haystacks: readonly string[],
  query: TableQuery,
  rankCache: Map<number, Int32Array> = new Map(),
  rows: number = haystacks.length,
): Uint32Array {
  let order: Uint32Array;
  if (query.sortColumn === null || !values[query.sortColumn]) {
    order = new Uint32Array(rows);
    for (let i = 0; i < rows; i++) order[i] = i;
  } else {
    let ranks = rankCache.get(query.sortColumn);
    if (!ranks) {
      ranks = rowRanks(values[query.sortColumn] ?? []);
      rankCache.set(query.sortColumn, ranks);
    }
    order = orderByRanks(ranks, query.sortDirection);
  }
  const needle = query.filter.trim().toLowerCase();
  if (!needle) return order.slice();
  const kept = new Uint32Array(rows);
  let count = 0;
  for (let i = 0; i < order.length; i++) {
    const row = order[i] ?? 0;
    if ((haystacks[row] ?? '').includes(needle)) kept[count++] = row;
  }
  return kept.slice(0, count);
}

/**
 * CSV of the given columns and rows (in that order), with a header row, by papaparse.
 *
 * @example tableCsv(['ID'], [['1', '2']], Uint32Array.of(1, 0)) // 'ID\r\n2\r\n1'
 */
export function tableCsv(
  headers: readonly string[],
  columns: readonly (readonly string[])[],
  rows: Uint32Array,
): string {
  const data = new Array<string[]>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] ?? 0;
    data[i] = columns.map((column) => column[row] ?? '');
  }
  return Papa.unparse({ fields: [...headers], data }, { escapeFormulae: SPREADSHEET_FORMULA });
}
