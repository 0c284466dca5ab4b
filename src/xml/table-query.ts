/**
 * Sorting, filtering and CSV export of a record table. These run in the worker, which holds the
 * values, so that 100,000-row operations never block the page: the page receives only the row
 * order as a Uint32Array.
 */
import Papa from 'papaparse';
import { SPREADSHEET_FORMULA } from '../text/spreadsheet-formula.ts';
import { CellColumn, type Cells } from './cell-column.ts';
import { firstRowsInOrder } from './first-rows.ts';
import { orderByRanks, rowRanks, type SortDirection } from './row-ranks.ts';

export interface TableQuery {
  sortColumn: number | null;
  sortDirection: SortDirection;
  filter: string;
}

/**
 * The search text of each row: its cells, each followed by U+0000, lower-cased; a filter is then
 * a scan of includes(). Built in slices (`build(rows)`), so that the viewer's worker can build it
 * between requests; a filter does not wait for it (queryRows reads the cells of the rows not
 * built yet).
 *
 * @example const search = new RowHaystacks(values, rows); search.build(); search.texts[0]
 */
export class RowHaystacks {
  /** Each row's text; undefined until built. */
  readonly texts: (string | undefined)[];
  private built = 0;

  constructor(
    private readonly columns: readonly Cells[],
    readonly rows: number,
  ) {
    this.texts = new Array<string | undefined>(rows);
  }

  get complete(): boolean {
    return this.built === this.rows;
  }

  /** Builds the next `count` rows (all that remain by default); true once every row is built. */
  build(count = Infinity): boolean {
    const end = Math.min(this.rows, this.built + count);
    for (let row = this.built; row < end; row++) this.texts[row] = rowText(this.columns, row);
    this.built = end;
    return this.complete;
  }
}

/** The search text of one row (see RowHaystacks). */
function rowText(columns: readonly Cells[], row: number): string {
  let text = '';
  for (const column of columns) text += (column.at(row) ?? '') + '\u0000';
  return text.toLowerCase();
}

/** 1 for each row whose search text holds `needle` (lower-cased), else 0 (see matchRows). */
function matchingRows(
  columns: readonly Cells[],
  haystacks: readonly (string | undefined)[],
  rows: number,
  needle: string,
  candidates: Uint8Array | null,
): Uint8Array {
  const matches = new Uint8Array(rows);
  matchRows(columns, haystacks, 0, rows, needle, candidates, matches);
  return matches;
}

/**
 * Sets matches[row] to 1 for each row of [from, to) whose search text holds `needle`
 * (lower-cased), of the `candidates` (all rows without them), and to 0 for the others. Rows whose
 * text is not built yet (a filter typed while the worker still builds it) are answered from their
 * cells, each lower-cased alone, column by column, without building anything: a needle without
 * U+0000 cannot span two cells, and a cell lower-cases the same alone as within its row, since
 * U+0000 neither is a cased letter nor lets a final sigma see past it.
 */
function matchRows(
  columns: readonly Cells[],
  haystacks: readonly (string | undefined)[],
  from: number,
  to: number,
  needle: string,
  candidates: Uint8Array | null,
  matches: Uint8Array,
): void {
  const UNBUILT = 2;
  let unbuilt = 0;
  for (let row = from; row < to; row++) {
    matches[row] = 0;
    if (candidates && candidates[row] !== 1) continue;
    const text = haystacks[row];
    if (text === undefined) {
      matches[row] = UNBUILT;
      unbuilt += 1;
    } else if (text.includes(needle)) matches[row] = 1;
  }
  if (unbuilt === 0) return;
  if (needle.includes('\u0000')) {
    for (let row = from; row < to; row++)
      if (matches[row] === UNBUILT) matches[row] = rowText(columns, row).includes(needle) ? 1 : 0;
    return;
  }
  const asciiNeedle = isAscii(needle);
  for (const column of columns) {
    // A record table's cells are searched where they stand in its text when both are ASCII.
    const cells = asciiNeedle && column instanceof CellColumn ? column : null;
    // A cell like the one above (a type, a host) is not lower-cased again.
    let cell = '';
    let found = false;
    for (let row = from; row < to; row++) {
      if (matches[row] !== UNBUILT) continue;
      const start = cells ? cells.startOf(row) : -1;
      if (cells && start >= 0) {
        const holds = asciiIncludes(cells.source, start, cells.endOf(row), needle);
        if (holds === true) matches[row] = 1;
        if (holds !== null) continue;
      }
      const value = column.at(row) ?? '';
      if (value !== cell) {
        cell = value;
        found = value.toLowerCase().includes(needle);
      }
      if (found) matches[row] = 1;
    }
  }
  for (let row = from; row < to; row++) if (matches[row] === UNBUILT) matches[row] = 0;
}

/** Rows a step of rememberFilterInSteps reads: a few milliseconds of cells. */
const FILTER_STEP_ROWS = 4_096;

/**
 * The rows a filter keeps, worked out a slice of rows per step and kept in `memo` as the last
 * filter's, so that queryRows then tests only those rows: the whole answer to a filter, in steps
 * the viewer's worker runs between requests. Nothing to do for an empty filter or one that
 * narrows the last (queryRows is quick then).
 *
 * @example stepsToEnd(rememberFilterInSteps(values, haystacks, 'harbour', rows, memo));
 */
export function* rememberFilterInSteps(
  values: readonly Cells[],
  haystacks: readonly (string | undefined)[],
  filter: string,
  rows: number,
  memo: FilterMemo,
  stepRows = FILTER_STEP_ROWS,
): Generator<void, void, void> {
  const needle = filter.trim().toLowerCase();
  if (!needle || narrowsLastFilter(memo, filter, rows)) return;
  const matches = new Uint8Array(rows);
  for (let from = 0; from < rows; from += stepRows) {
    matchRows(values, haystacks, from, Math.min(rows, from + stepRows), needle, null, matches);
    if (from + stepRows < rows) yield;
  }
  memo.needle = needle;
  memo.matches = matches;
}

/**
 * Whether one row's search text holds `needle` (lower-cased): matchingRows for a single row, read
 * row by row rather than column by column, for a walk that stops early (firstMatchesOfQuery).
 */
function rowMatches(
  columns: readonly Cells[],
  haystacks: readonly (string | undefined)[],
  row: number,
  needle: string,
  asciiNeedle: boolean,
): boolean {
  const text = haystacks[row];
  if (text !== undefined) return text.includes(needle);
  if (needle.includes('\u0000')) return rowText(columns, row).includes(needle);
  for (const column of columns) {
    const start = asciiNeedle && column instanceof CellColumn ? column.startOf(row) : -1;
    if (start >= 0 && column instanceof CellColumn) {
      const holds = asciiIncludes(column.source, start, column.endOf(row), needle);
      if (holds === true) return true;
      if (holds === false) continue;
    }
    if ((column.at(row) ?? '').toLowerCase().includes(needle)) return true;
  }
  return false;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

const UPPER_A = 65;
const UPPER_Z = 90;

/**
 * Whether text[from, to), lower-cased, holds `needle` (ASCII, lower-case), without a string for
 * either: true or false, or null when a character beyond ASCII is met before that is known (its
 * lower case may be ASCII, as the Kelvin sign's is, or longer). A character never read cannot
 * be part of a match.
 */
function asciiIncludes(text: string, from: number, to: number, needle: string): boolean | null {
  const length = needle.length;
  const first = needle.charCodeAt(0);
  for (let at = from; at + length <= to; at++) {
    let c = text.charCodeAt(at);
    if (c >= 0x80) return null;
    if (c >= UPPER_A && c <= UPPER_Z) c += 32;
    if (c !== first) continue;
    let k = 1;
    for (; k < length; k++) {
      let d = text.charCodeAt(at + k);
      if (d >= 0x80) return null;
      if (d >= UPPER_A && d <= UPPER_Z) d += 32;
      if (d !== needle.charCodeAt(k)) break;
    }
    if (k === length) return true;
  }
  return false;
}

/** One lower-cased search string per row, built at once (see RowHaystacks). */
export function rowHaystacks(columns: readonly Cells[], rows: number): (string | undefined)[] {
  const haystacks = new RowHaystacks(columns, rows);
  haystacks.build();
  return haystacks.texts;
}

/**
 * The last filter of a table and the rows it matched (1 each): a filter whose needle holds the
 * last one's (the user typing on) only tests those rows. One per table, empty at first.
 */
export interface FilterMemo {
  needle: string;
  matches: Uint8Array | null;
}

/**
 * Applies a query: filter (case-insensitive substring over all columns), then sort. `haystacks`
 * holds the rows' search text (RowHaystacks.texts); a row whose text is not built yet is
 * filtered by its cells. With `memo`, a filter that narrows the last one tests only its rows.
 *
 * @example queryRows(values, haystacks, { sortColumn: 0, sortDirection: 'asc', filter: 'image' })
 */
export function queryRows(
  values: readonly Cells[],
  haystacks: readonly (string | undefined)[],
  query: TableQuery,
  rankCache: Map<number, Int32Array> = new Map(),
  rows: number = haystacks.length,
  memo: FilterMemo = { needle: '', matches: null },
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
  const matches = filterMatches(values, haystacks, query, rows, memo);
  if (!matches) return order.slice();
  const kept = new Uint32Array(rows);
  let count = 0;
  for (let i = 0; i < order.length; i++) {
    const row = order[i] ?? 0;
    if (matches[row] === 1) kept[count++] = row;
  }
  return kept.slice(0, count);
}

/**
 * The first `count` rows a query with a sort gives (see queryRows), without ranking its sort
 * column: what a sort answers first while the column is ranked (a pass over the rows, about a
 * tenth of the ranking; see firstRowsInOrder). With a filter, and `countMatches`, every row is
 * tested and the count comes with the rows; without it (most rows' search text not built yet, a
 * scan of every cell), only the rows that would be among the first are, and the count is null
 * unless fewer than `count` match.
 *
 * @example firstRowsOfQuery(values, haystacks, { sortColumn: 4, sortDirection: 'asc', filter: '' }, 60)
 */
export function firstRowsOfQuery(
  values: readonly Cells[],
  haystacks: readonly (string | undefined)[],
  query: TableQuery,
  count: number,
  rows: number = haystacks.length,
  memo: FilterMemo = { needle: '', matches: null },
  countMatches = true,
): { rows: Uint32Array; rowCount: number | null } {
  const column = query.sortColumn === null ? undefined : values[query.sortColumn];
  const needle = query.filter.trim().toLowerCase();
  if (column && needle && !countMatches && !narrowsLastFilter(memo, query.filter, rows)) {
    const asciiNeedle = isAscii(needle);
    const keeps = (row: number) => rowMatches(values, haystacks, row, needle, asciiNeedle);
    const first = firstRowsInOrder(column, query.sortDirection, count, { keeps });
    // Fewer than `count`: every row was tested, and these are all the matches.
    return { rows: first, rowCount: first.length < count ? first.length : null };
  }
  const matches = filterMatches(values, haystacks, query, rows, memo);
  let rowCount = rows;
  if (matches) {
    rowCount = 0;
    for (let row = 0; row < rows; row++) rowCount += matches[row] === 1 ? 1 : 0;
  }
  if (!column) {
    // No sort: the records' order.
    const first = new Uint32Array(Math.min(count, rowCount));
    for (let row = 0, at = 0; row < rows && at < first.length; row++)
      if (!matches || matches[row] === 1) first[at++] = row;
    return { rows: first, rowCount };
  }
  return {
    rows: firstRowsInOrder(column, query.sortDirection, count, { kept: matches }),
    rowCount,
  };
}

/**
 * The first `count` rows a filtered query gives, found by testing the rows in its order (by
 * `ranks`, the sort column's, or the records' order) until as many match, rather than the whole
 * table: what a filter answers first when most of the rows' search text is not built yet. `whole`
 * when the rows ran out first (then these are all the rows it keeps). The filter memo is left
 * as it was: the whole answer that follows sets it.
 *
 * @example firstMatchesOfQuery(values, haystacks, 'harbour', null, 'asc', 60, rows)
 */
export function firstMatchesOfQuery(
  values: readonly Cells[],
  haystacks: readonly (string | undefined)[],
  filter: string,
  ranks: Int32Array | null,
  direction: SortDirection,
  count: number,
  rows: number = haystacks.length,
): { rows: Uint32Array; whole: boolean } {
  const needle = filter.trim().toLowerCase();
  const order = ranks ? orderByRanks(ranks, direction) : null;
  const asciiNeedle = isAscii(needle);
  const first = new Uint32Array(count);
  let found = 0;
  let at = 0;
  for (; at < rows && found < count; at++) {
    const row = order ? (order[at] ?? 0) : at;
    if (rowMatches(values, haystacks, row, needle, asciiNeedle)) first[found++] = row;
  }
  // Rows left over might match: unless none is left, the answer is only the first rows.
  const whole = at === rows;
  return { rows: first.slice(0, found), whole };
}

/**
 * Whether a filter for `needle` narrows the last one (`memo`): it then tests only the rows that
 * one kept, which is quick.
 */
export function narrowsLastFilter(memo: FilterMemo, filter: string, rows: number): boolean {
  const needle = filter.trim().toLowerCase();
  return memo.matches !== null && memo.matches.length === rows && needle.includes(memo.needle);
}

/** 1 for each row the query's filter keeps, or null when it has none (see matchingRows). */
function filterMatches(
  values: readonly Cells[],
  haystacks: readonly (string | undefined)[],
  query: TableQuery,
  rows: number,
  memo: FilterMemo,
): Uint8Array | null {
  const needle = query.filter.trim().toLowerCase();
  if (!needle) return null;
  const narrows = narrowsLastFilter(memo, query.filter, rows);
  const matches = matchingRows(values, haystacks, rows, needle, narrows ? memo.matches : null);
  memo.needle = needle;
  memo.matches = matches;
  return matches;
}

/**
 * CSV of the given columns and rows (in that order), with a header row, by papaparse.
 *
 * @example tableCsv(['ID'], [['1', '2']], Uint32Array.of(1, 0)) // 'ID\r\n2\r\n1'
 */
export function tableCsv(
  headers: readonly string[],
  columns: readonly Cells[],
  rows: Uint32Array,
): string {
  const data = new Array<string[]>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] ?? 0;
    data[i] = columns.map((column) => column.at(row) ?? '');
  }
  return Papa.unparse({ fields: [...headers], data }, { escapeFormulae: SPREADSHEET_FORMULA });
}
