/**
 * A record table's column of cells, held as ranges of the text they were read from rather than
 * as a string per cell: a 100,000-record table is nine columns of two Int32Arrays, not 900,000
 * strings for the garbage collector to copy out of the young generation and mark again while the
 * table is sorted (see docs/performance.md, "The record table's cells as ranges").
 */

/**
 * What a sort, a filter or an export reads of a column: its length and each row's value ('' or
 * undefined when absent). A CellColumn, or a plain array of strings.
 */
export interface Cells {
  readonly length: number;
  at(row: number): string | undefined;
}

/**
 * Each cell is a range of `source` when its value is its text as written (most are), else its
 * value (decoded entities, CDATA, a field repeated within a record, surrounding white space).
 *
 * @example const column = CellColumn.of(['a', '', 'b']); column.at(2) // 'b'
 */
export class CellColumn implements Cells {
  /** Where each cell's range starts in `source`; -1 when its value is in `written`. */
  private readonly start: Int32Array;
  private readonly end: Int32Array;
  private readonly written = new Map<number, string>();

  constructor(
    readonly source: string,
    readonly length: number,
  ) {
    this.start = new Int32Array(length);
    this.end = new Int32Array(length);
  }

  /** A column holding these values, in one string. */
  static of(values: readonly string[]): CellColumn {
    const column = new CellColumn(values.join(''), values.length);
    let at = 0;
    for (let row = 0; row < values.length; row++) {
      const length = (values[row] ?? '').length;
      column.setRange(row, at, at + length);
      at += length;
    }
    return column;
  }

  /** The row's value: '' when it has none (or the row is out of range). */
  at(row: number): string {
    const start = this.start[row] ?? 0;
    if (start < 0) return this.written.get(row) ?? '';
    return this.source.slice(start, this.end[row] ?? 0);
  }

  /**
   * The row's value as a number when it is written as 1 to 15 ASCII digits (so exactly what
   * Number gives), read without making its string; else -1.
   */
  plainInteger(row: number): number {
    const start = this.start[row] ?? 0;
    const end = this.end[row] ?? 0;
    if (start < 0 || end <= start || end - start > 15) return -1;
    let value = 0;
    for (let i = start; i < end; i++) {
      const digit = this.source.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return -1;
      value = value * 10 + digit;
    }
    return value;
  }

  /** Where the row's value starts in `source`, or -1 when it is not a range of it. */
  startOf(row: number): number {
    return this.start[row] ?? 0;
  }

  /** Where the row's value ends in `source` (see startOf). */
  endOf(row: number): number {
    return this.end[row] ?? 0;
  }

  /** Whether the row's value is ''. */
  isEmpty(row: number): boolean {
    const start = this.start[row] ?? 0;
    return start >= 0 && start === this.end[row];
  }

  /** The row's value is source[start, end). */
  setRange(row: number, start: number, end: number): void {
    this.start[row] = start;
    this.end[row] = end;
    this.written.delete(row);
  }

  /** The row's value is `value`. */
  setValue(row: number, value: string): void {
    if (value === '') {
      this.setRange(row, 0, 0);
      return;
    }
    this.start[row] = -1;
    this.written.set(row, value);
  }

  /** The values of rows [from, to), as an array. */
  slice(from = 0, to = this.length): string[] {
    const end = Math.min(to, this.length);
    const values = new Array<string>(Math.max(0, end - from));
    for (let row = from; row < end; row++) values[row - from] = this.at(row);
    return values;
  }
}

/**
 * Whether a row's value is empty: read from a record table's cell bounds without a string.
 * @example isEmptyCell(['a', ''], 1) // true
 */
export function isEmptyCell(values: Cells, row: number): boolean {
  return values instanceof CellColumn ? values.isEmpty(row) : values.at(row) === '';
}

/**
 * Whether `text` holds `part` at `at`: a loop over part's characters, where
 * `text.startsWith(part, at)` on a payload-sized text takes about a microsecond a call in V8.
 *
 * @example holdsAt('<T>Asset</T>', 3, 'Asset') // true
 */
export function holdsAt(text: string, at: number, part: string): boolean {
  if (at < 0 || at + part.length > text.length) return false;
  for (let i = 0; i < part.length; i++)
    if (text.charCodeAt(at + i) !== part.charCodeAt(i)) return false;
  return true;
}
