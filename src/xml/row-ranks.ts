/**
 * The sort order of a record table's column: each row's rank (numeric, or natural over text),
 * then the rows ordered by rank in either direction. Ranks are computed once per column; the
 * viewer's worker computes them between requests, a step at a time (rowRanksInSteps).
 */
import { stepsToEnd } from '../tasks/steps-to-end.ts';
import { CellColumn, type Cells, holdsAt, isEmptyCell } from './cell-column.ts';
import { DECIMAL_NUMBER } from '../text/spreadsheet-formula.ts';

export type SortDirection = 'asc' | 'desc';

/**
 * Row order sorted by one column: numerically when every non-empty value is a number, else by
 * natural, case-insensitive order (digit runs compare as numbers; other characters by code
 * point, after lower-casing). Empty values go last in both directions; ties keep document order
 * (the sort is stable).
 *
 * @example sortedRowOrder(['b', 'a', ''], 'asc') // Uint32Array [1, 0, 2]
 */
export function sortedRowOrder(values: Cells, direction: SortDirection): Uint32Array {
  return orderByRanks(rowRanks(values), direction);
}

/**
 * The sort rank of each row's value (-1 when empty): numeric when every non-empty value is a
 * number, else natural. Equal values share a rank; values that are equal but for case or
 * leading zeros ('A' and 'a', '01' and '1') rank by code unit ('A', then 'a'). Computed once per
 * column; both directions reuse it.
 *
 * @example rowRanks(['b', '', 'a']) // Int32Array [1, -1, 0]
 */
export function rowRanks(values: Cells): Int32Array {
  return stepsToEnd(rowRanksInSteps(values));
}

/** Rows of work per step of rowRanksInSteps: a few milliseconds at most. */
const STEP_ROWS = 8_192;

/**
 * rowRanks a step at a time: each `next()` does a few milliseconds of work (about `stepRows`
 * rows' worth; a radix pass over a range is never cut), and the last returns the ranks. The viewer's worker runs the steps between
 * requests, so that a column is ranked before it is first sorted while the worker still answers
 * the page within milliseconds.
 *
 * @example const steps = rowRanksInSteps(values); let step; while (!(step = steps.next()).done);
 */
export function* rowRanksInSteps(
  values: Cells,
  stepRows = STEP_ROWS,
): Generator<void, Int32Array, void> {
  const numeric = yield* numericRanksInSteps(values, stepRows);
  if (numeric) return numeric;
  yield;
  const few = yield* fewValueRanksInSteps(values, stepRows);
  if (few) return few;
  yield;
  return yield* naturalRanksInSteps(values, stepRows);
}

/** A column's numbers (see columnNumbersInSteps). */
export interface ColumnNumbers {
  /** Each row's number (0 where it has none). */
  numbers: Float64Array;
  /** 1 for each row with a number, 0 for an empty value. */
  present: Uint8Array;
  /** How many rows have a number. */
  count: number;
}

/**
 * Each row's number when every non-empty value is a number (the column sorts numerically), else
 * null, found at the first value that is not: most text columns show it in their first value,
 * before any array is made. A step per `stepRows` rows read (never with Infinity).
 *
 * @example stepsToEnd(columnNumbersInSteps(['2', '', '10'], Infinity))?.count // 2
 */
export function* columnNumbersInSteps(
  values: Cells,
  stepRows: number,
): Generator<void, ColumnNumbers | null, void> {
  const rows = values.length;
  // Most numbers of a record table (sizes, counts) are plain integers, read from the cells'
  // characters without a string per cell.
  const column = values instanceof CellColumn ? values : null;
  let first = 0;
  while (first < rows && isEmptyCell(values, first)) first += 1;
  const firstValue = first < rows ? (values.at(first) ?? '') : '';
  if (firstValue !== '' && !DECIMAL_NUMBER.test(firstValue.trim())) return null;
  const numbers = new Float64Array(rows);
  const present = new Uint8Array(rows);
  let count = 0;
  for (let row = 0; row < rows; row++) {
    if (row % stepRows === stepRows - 1) yield;
    const integer = column ? column.plainInteger(row) : -1;
    if (integer >= 0) {
      numbers[row] = integer;
      present[row] = 1;
      count += 1;
      continue;
    }
    const value = values.at(row) ?? '';
    if (value === '') continue;
    if (!DECIMAL_NUMBER.test(value.trim())) return null;
    numbers[row] = Number(value);
    present[row] = 1;
    count += 1;
  }
  return { numbers, present, count };
}

/**
 * Ranks by numeric value, or null when a non-empty value is not a number; a step per `stepRows`
 * rows read, then the native sort of the distinct numbers as one step.
 */
function* numericRanksInSteps(
  values: Cells,
  stepRows: number,
): Generator<void, Int32Array | null, void> {
  const read = yield* columnNumbersInSteps(values, stepRows);
  if (!read) return null;
  const rows = values.length;
  const { numbers, present, count } = read;
  yield;
  // The distinct numbers in order (a typed array sorts natively), then each row's by bisection:
  // no Map of numbers.
  const distinct = new Float64Array(count);
  let at = 0;
  for (let row = 0; row < rows; row++) if (present[row] === 1) distinct[at++] = numbers[row] ?? 0;
  distinct.sort();
  let size = 0;
  for (let i = 0; i < count; i++) {
    const n = distinct[i] ?? 0;
    if (size === 0 || n !== distinct[size - 1]) distinct[size++] = n;
  }
  const ranks = new Int32Array(rows);
  for (let row = 0; row < rows; row++) {
    if (row % stepRows === stepRows - 1) yield;
    if (present[row] !== 1) {
      ranks[row] = -1;
      continue;
    }
    const n = numbers[row] ?? 0;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((distinct[middle] ?? 0) < n) low = middle + 1;
      else high = middle;
    }
    ranks[row] = low;
  }
  return ranks;
}

/**
 * Ranks of a column with few distinct values (a type, a host, a status): each distinct value is
 * ranked once and the rows take their value's rank. Null when the values turn out to be mostly
 * distinct, which a Map of strings would only slow down. A step per `stepRows` rows.
 */
function* fewValueRanksInSteps(
  values: Cells,
  stepRows: number,
): Generator<void, Int32Array | null, void> {
  const rows = values.length;
  const most = Math.max(16, rows >> 4);
  const ids = new Int32Array(rows);
  const distinct: string[] = [];
  const idOf = new Map<string, number>();
  for (let row = 0; row < rows; row++) {
    if (row % stepRows === stepRows - 1) yield;
    const value = values.at(row) ?? '';
    if (value === '') {
      ids[row] = -1;
      continue;
    }
    let id = idOf.get(value);
    if (id === undefined) {
      // Mostly distinct so far (half of the first thousand rows or more): give up early.
      if (distinct.length === most || (row >= 1024 && distinct.length > row >> 1)) return null;
      id = distinct.length;
      idOf.set(value, id);
      distinct.push(value);
    }
    ids[row] = id;
  }
  const rankOf = naturalRanks(distinct);
  const ranks = new Int32Array(rows);
  for (let row = 0; row < rows; row++) {
    if (row % stepRows === stepRows - 1) yield;
    const id = ids[row] ?? -1;
    ranks[row] = id < 0 ? -1 : (rankOf[id] ?? -1);
  }
  return ranks;
}

/** Where the high and low 32-bit words of a 64-bit integer stand in a Uint32Array. */
const LOW_WORD = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1 ? 0 : 1;
const HIGH_WORD = 1 - LOW_WORD;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
/** Ranges this short are sorted by insertion instead of another radix pass. */
const INSERTION_SORT_ROWS = 16;

/**
 * Every row's natural key as 16-bit symbols in one buffer: the value lower-cased, with each run
 * of digits written as '0', its count of significant digits (one symbol below 0xFFFF, else 0xFFFF
 * and two more) and those digits. Compared symbol by symbol, two keys give the natural order: a
 * digit run against another compares by length, then digit by digit (as numbers, at any length);
 * against a letter, as '0' against it. The keys leave out the values' first `skip` characters,
 * which every non-empty value shares (see sharedPrefixInSteps).
 */
class NaturalKeys {
  symbols: Uint16Array;
  readonly start: Int32Array;
  /** 1 where the key spells its value exactly (ASCII, no capital, no leading zero). */
  readonly exact: Uint8Array;
  /** 1 for each symbol some key holds: the radix passes code only those. */
  readonly seen = new Uint8Array(65536);
  private length = 0;

  /** Rows whose keys are written. */
  private rowsWritten = 0;

  constructor(
    private readonly values: Cells,
    private readonly skip: number,
  ) {
    // Sized from a sample of the values with room for a digit run in every other character, so
    // that it hardly ever grows: not a loop over every value first, which on the first large
    // column runs barely optimized.
    const stride = Math.max(1, Math.floor(values.length / 256));
    let sampled = 0;
    let chars = 0;
    for (let row = 0; row < values.length; row += stride, sampled++)
      chars += Math.max(0, (values.at(row) ?? '').length - skip);
    this.symbols = new Uint16Array(
      Math.ceil((2 * chars * values.length) / Math.max(1, sampled)) + 64,
    );
    this.start = new Int32Array(values.length + 1);
    this.exact = new Uint8Array(values.length);
  }

  /** Writes the keys of the next `count` rows: true once every row's key is written. */
  writeRows(count = Infinity): boolean {
    const { values, skip } = this;
    // A record table's cells are read where they stand in its text, without a string per cell.
    const column = values instanceof CellColumn ? values : null;
    const end = Math.min(values.length, this.rowsWritten + count);
    for (let row = this.rowsWritten; row < end; row++) {
      this.start[row] = this.length;
      const from = column ? column.startOf(row) : -1;
      if (column && from >= 0) {
        const to = column.endOf(row);
        if (to > from) this.exact[row] = this.writeKey(column.source, from + skip, to);
        continue;
      }
      const value = values.at(row) ?? '';
      if (value !== '') this.exact[row] = this.writeKey(value, skip, value.length);
    }
    this.rowsWritten = end;
    this.start[end] = this.length;
    return end === values.length;
  }

  /**
   * Writes the key of text[from, to): ASCII (most values) lower-cased as it is written, without a
   * new string; other text through toLowerCase, which knows the whole of Unicode. 1 when the key
   * spells the text exactly, else 0.
   */
  private writeKey(text: string, from: number, to: number): number {
    const keyStart = this.length;
    const exact = this.write(text, from, to, true);
    if (exact >= 0) return exact;
    this.length = keyStart;
    const lower = text.slice(from, to).toLowerCase();
    this.write(lower, 0, lower.length, false);
    return 0;
  }

  /**
   * Writes the key of text[from, to): 1 when it spells that text exactly, else 0; -1 (nothing
   * kept) for non-ASCII if asciiOnly.
   */
  private write(text: string, from: number, to: number, asciiOnly: boolean): number {
    // A digit run takes at most three symbols more than its characters (one more per character).
    const most = this.length + 3 * (to - from) + 3;
    if (most > this.symbols.length) {
      const grown = new Uint16Array(2 * Math.max(this.symbols.length, most));
      grown.set(this.symbols);
      this.symbols = grown;
    }
    const symbols = this.symbols;
    const seen = this.seen;
    let length = this.length;
    let exact = 1;
    for (let i = from; i < to; i++) {
      let c = text.charCodeAt(i);
      if (c < DIGIT_0 || c > DIGIT_9) {
        if (c >= 0x80) {
          if (asciiOnly) return -1;
          exact = 0;
        } else if (c >= 65 && c <= 90) {
          c += 32;
          exact = 0;
        }
        symbols[length++] = c;
        seen[c] = 1;
        continue;
      }
      let end = i + 1;
      while (end < to) {
        const d = text.charCodeAt(end);
        if (d < DIGIT_0 || d > DIGIT_9) break;
        end += 1;
      }
      let first = i;
      while (first < end - 1 && text.charCodeAt(first) === DIGIT_0) first += 1;
      if (first > i) exact = 0;
      const digits = end - first;
      symbols[length++] = DIGIT_0;
      if (digits < 0xffff) {
        symbols[length++] = digits;
        seen[digits] = 1;
      } else {
        symbols[length++] = 0xffff;
        symbols[length++] = digits >>> 16;
        symbols[length++] = digits & 0xffff;
        seen[0xffff] = seen[digits >>> 16] = seen[digits & 0xffff] = 1;
      }
      seen[DIGIT_0] = 1;
      for (let d = first; d < end; d++) {
        const digit = text.charCodeAt(d);
        symbols[length++] = digit;
        seen[digit] = 1;
      }
      i = end - 1;
    }
    this.length = length;
    return exact;
  }
}

/**
 * How many leading characters every non-empty value shares and the natural keys can leave out:
 * ASCII (so that lower-casing the rest alone changes nothing) and ending on a character that is
 * neither a digit (a digit run would be cut) nor a letter or one of the characters that let a
 * final sigma after it see the letter before (' . : ^ `). Each value is compared with the prefix
 * so far only (startsWith, or holdsAt for a record table's cells where they stand in its text),
 * rather than every row's characters being read, a step per `stepRows` rows.
 *
 * @example stepsToEnd(sharedPrefixInSteps(['https://a/x1', 'https://a/y2'], 8_192)) // 10
 */
function* sharedPrefixInSteps(values: Cells, stepRows: number): Generator<void, number, void> {
  let prefix: string | null = null;
  // A record table's cells are compared where they stand in its text.
  const column = values instanceof CellColumn ? values : null;
  for (let row = 0; row < values.length; row++) {
    if (row % stepRows === stepRows - 1) yield;
    if (prefix !== null && column) {
      const from = column.startOf(row);
      const to = column.endOf(row);
      if (from === to || (to - from >= prefix.length && holdsAt(column.source, from, prefix)))
        continue;
    }
    const value = values.at(row) ?? '';
    if (value === '') continue;
    if (prefix === null) prefix = value;
    else if (!value.startsWith(prefix)) {
      let same = 0;
      const limit = Math.min(prefix.length, value.length);
      while (same < limit && prefix.charCodeAt(same) === value.charCodeAt(same)) same += 1;
      prefix = prefix.slice(0, same);
      if (same === 0) return 0;
    }
  }
  if (prefix === null) return 0;
  let length = 0;
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix.charCodeAt(i);
    if (c >= 0x80) break;
    if (SAFE_PREFIX_END[c] === 1) length = i + 1;
  }
  return length;
}

/** ASCII characters a shared prefix may end on (see sharedPrefixInSteps). */
const SAFE_PREFIX_END = (() => {
  const safe = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    const digit = c >= DIGIT_0 && c <= DIGIT_9;
    if (!letter && !digit && !"'.:^`".includes(String.fromCharCode(c))) safe[c] = 1;
  }
  return safe;
})();

/**
 * Natural ranks of mostly distinct values, without a Map of strings or a comparison per pair of
 * keys: the keys are sorted by MSD radix over their symbols, as many symbols per pass as fit 64
 * bits beside the row's number (a BigUint64Array sorts natively); a prefix that a whole range
 * shares is skipped in one step, and ranges under INSERTION_SORT_ROWS rows are finished by
 * insertion.
 */
function* naturalRanksInSteps(
  values: Cells,
  stepRows = STEP_ROWS,
): Generator<void, Int32Array, void> {
  const keys = new NaturalKeys(values, yield* sharedPrefixInSteps(values, stepRows));
  while (!keys.writeRows(stepRows)) yield;
  const sort = new NaturalSort(values, keys);
  while (!sort.run(stepRows)) yield;
  return sort.ranks();
}

/** naturalRanksInSteps in one go, for the few distinct values of fewValueRanks. */
function naturalRanks(values: Cells): Int32Array {
  return stepsToEnd(naturalRanksInSteps(values));
}

/**
 * The radix sort of naturalRanks. Each step is a method of its own with one loop: the first
 * large column meets this code barely optimized, and V8 compiles (and, on a branch the warm-up
 * never took, deoptimizes and compiles again) a small function in a few milliseconds, where one
 * function holding every loop took tens of milliseconds each time, on the clock of that sort.
 */
class NaturalSort {
  /** The non-empty rows, in key order once run() returns. */
  private readonly rows: Int32Array;
  /** tied[i]: rows[i] has the same value as rows[i - 1]. */
  private readonly tied: Uint8Array;
  /** Dense codes of the symbols present, 0 meaning "past the end". */
  private readonly code = new Int32Array(65536);
  /**
   * Per row of a pass, its head (the next perPass codes) and its row number, as one unsigned
   * 64-bit integer: sorted natively (faster than a Float64Array, and 64 bits where a double has
   * 53), written and read as two 32-bit words, so that no BigInt is made.
   */
  private readonly packed: BigUint64Array;
  private readonly words: Uint32Array;
  private readonly rowBits: number;
  private readonly codeBits: number;
  /** Symbols per pass: as many codes as fit in 64 bits beside the row's number. */
  private readonly perPass: number;
  /** Ranges still to sort, as (from, to, depth) triples. */
  private readonly pending: number[];

  constructor(
    private readonly values: Cells,
    private readonly keys: NaturalKeys,
  ) {
    this.rows = nonEmptyRows(values);
    this.tied = new Uint8Array(this.rows.length);
    this.packed = new BigUint64Array(this.rows.length);
    this.words = new Uint32Array(this.packed.buffer);
    // Up to 65,536 codes: not a Uint16Array.
    const { code } = this;
    const { seen } = keys;
    let alphabet = 0;
    for (let s = 0; s < 65536; s++) if (seen[s]) code[s] = ++alphabet;
    let rowBits = 1;
    while (2 ** rowBits < values.length) rowBits += 1;
    let codeBits = 1;
    while (2 ** codeBits <= alphabet) codeBits += 1;
    this.rowBits = rowBits;
    this.codeBits = codeBits;
    this.perPass = Math.max(1, Math.floor((64 - rowBits) / codeBits));
    this.pending = [0, this.rows.length, 0];
  }

  /**
   * Sorts ranges until about `budget` rows have been sorted (a range is never cut): true once
   * every range is sorted.
   */
  run(budget = Infinity): boolean {
    const { pending } = this;
    let sorted = 0;
    while (pending.length > 0 && sorted < budget) {
      const depth = pending.pop() ?? 0;
      const to = pending.pop() ?? 0;
      const from = pending.pop() ?? 0;
      sorted += to - from;
      if (to - from < INSERTION_SORT_ROWS) this.insertionSort(from, to, depth);
      else {
        const shared = this.sharedDepth(from, to, depth);
        this.pack(from, to, shared);
        this.packed.subarray(from, to).sort();
        this.split(from, to, shared, pending);
      }
    }
    return pending.length === 0;
  }

  /** Rank per row from the sorted rows, -1 for the empty values. */
  ranks(): Int32Array {
    const { rows, tied } = this;
    const ranks = new Int32Array(this.values.length).fill(-1);
    let rank = -1;
    for (let i = 0; i < rows.length; i++) {
      if (!tied[i]) rank += 1;
      ranks[rows[i] ?? 0] = rank;
    }
    return ranks;
  }

  private keyLength(row: number): number {
    const { start } = this.keys;
    return (start[row + 1] ?? 0) - (start[row] ?? 0);
  }

  /** Key order from `depth` on, then code units; 0 only for equal values. */
  private compareFrom(a: number, b: number, depth: number): number {
    const { symbols, start } = this.keys;
    const la = this.keyLength(a);
    const lb = this.keyLength(b);
    const fa = start[a] ?? 0;
    const fb = start[b] ?? 0;
    const shorter = Math.min(la, lb);
    for (let d = depth; d < shorter; d++) {
      const sa = symbols[fa + d] ?? 0;
      const sb = symbols[fb + d] ?? 0;
      if (sa !== sb) return sa - sb;
    }
    if (la !== lb) return la - lb;
    return compareCodeUnits(this.values.at(a) ?? '', this.values.at(b) ?? '');
  }

  /** Sorts rows[from, to), whose keys agree before `depth`, by insertion. */
  private insertionSort(from: number, to: number, depth: number): void {
    const { rows, tied } = this;
    for (let i = from + 1; i < to; i++) {
      const row = rows[i] ?? 0;
      let j = i;
      for (; j > from && this.compareFrom(rows[j - 1] ?? 0, row, depth) > 0; j--)
        rows[j] = rows[j - 1] ?? 0;
      rows[j] = row;
    }
    for (let i = from + 1; i < to; i++)
      if (this.compareFrom(rows[i - 1] ?? 0, rows[i] ?? 0, depth) === 0) tied[i] = 1;
  }

  /** How far the keys of rows[from, to) agree, from `depth` on. */
  private sharedDepth(from: number, to: number, depth: number): number {
    const { rows } = this;
    const { symbols, start } = this.keys;
    const first = rows[from] ?? 0;
    const firstAt = start[first] ?? 0;
    let shared = this.keyLength(first);
    for (let i = from + 1; i < to && shared > depth; i++) {
      const row = rows[i] ?? 0;
      const rowAt = start[row] ?? 0;
      const limit = Math.min(shared, this.keyLength(row));
      let d = depth;
      while (d < limit && symbols[rowAt + d] === symbols[firstAt + d]) d += 1;
      shared = d;
    }
    return shared;
  }

  /** packed[from, to): each row's next perPass codes from `depth` (its head), then the row. */
  private pack(from: number, to: number, depth: number): void {
    const { rows, words, code, codeBits, rowBits, perPass } = this;
    const { symbols, start } = this.keys;
    // Shifted in from the right as a 64-bit integer in two words (codeBits and rowBits < 32).
    for (let i = from; i < to; i++) {
      const row = rows[i] ?? 0;
      const rowAt = (start[row] ?? 0) + depth;
      const end = start[row + 1] ?? 0;
      let high = 0;
      let low = 0;
      for (let s = rowAt; s < rowAt + perPass; s++) {
        const c = s < end ? (code[symbols[s] ?? 0] ?? 0) : 0;
        high = (high << codeBits) | (low >>> (32 - codeBits));
        low = (low << codeBits) | c;
      }
      words[2 * i + HIGH_WORD] = (high << rowBits) | (low >>> (32 - rowBits));
      words[2 * i + LOW_WORD] = (low << rowBits) | row;
    }
  }

  /**
   * Takes the rows back from the sorted packed[from, to) and queues each run of equal heads for
   * the next symbols, or settles it when its keys end within the head (then they are equal).
   */
  private split(from: number, to: number, depth: number, pending: number[]): void {
    const { rows, words, rowBits, perPass } = this;
    const rowMask = 2 ** rowBits - 1;
    let runFrom = from;
    // A head is the high word and the low word's bits above the row's.
    let runHigh = words[2 * from + HIGH_WORD] ?? 0;
    let runLow = (words[2 * from + LOW_WORD] ?? 0) >>> rowBits;
    for (let i = from; i <= to; i++) {
      let high = -1;
      let low = -1;
      if (i < to) {
        high = words[2 * i + HIGH_WORD] ?? 0;
        const word = words[2 * i + LOW_WORD] ?? 0;
        low = word >>> rowBits;
        rows[i] = word & rowMask;
      }
      if (high === runHigh && low === runLow) continue;
      if (i - runFrom > 1) {
        // Equal heads: if the run's first key ends within its head (the head's last codes say
        // "past the end"), every key of the run does, and they are equal. A key that ends exactly
        // where the head does may be a prefix of the others: the next pass tells.
        if (this.keyLength(rows[runFrom] ?? 0) < depth + perPass) this.settleEqualKeys(runFrom, i);
        else pending.push(runFrom, i, depth + perPass);
      }
      runFrom = i;
      runHigh = high;
      runLow = low;
    }
  }

  /** rows[from, to) have equal keys: orders them by code unit and marks equal values tied. */
  private settleEqualKeys(from: number, to: number): void {
    const { rows, tied, values } = this;
    const { exact } = this.keys;
    // Values whose keys spell them exactly are all the same value.
    let allExact = true;
    for (let i = from; i < to && allExact; i++) allExact = exact[rows[i] ?? 0] === 1;
    if (!allExact && to - from < INSERTION_SORT_ROWS) {
      // Most such runs are two or three rows ('a0' and 'a00' of a hex ID): no array and no
      // comparator closure for them.
      for (let i = from + 1; i < to; i++) {
        const row = rows[i] ?? 0;
        const value = values.at(row) ?? '';
        let j = i;
        for (; j > from && compareCodeUnits(values.at(rows[j - 1] ?? 0) ?? '', value) > 0; j--)
          rows[j] = rows[j - 1] ?? 0;
        rows[j] = row;
      }
    } else if (!allExact) {
      const part = Array.from(rows.subarray(from, to)).sort((a, b) =>
        compareCodeUnits(values.at(a) ?? '', values.at(b) ?? ''),
      );
      rows.set(part, from);
    }
    for (let i = from + 1; i < to; i++)
      if (allExact || values.at(rows[i] ?? 0) === values.at(rows[i - 1] ?? 0)) tied[i] = 1;
  }
}

/** The rows whose value is not empty, in document order. */
function nonEmptyRows(values: Cells): Int32Array {
  const rows = new Int32Array(values.length);
  let count = 0;
  const column = values instanceof CellColumn ? values : null;
  for (let row = 0; row < values.length; row++)
    if (column ? !column.isEmpty(row) : values.at(row) !== '') rows[count++] = row;
  return rows.subarray(0, count);
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Rows ordered by rank with a counting sort: linear, stable in both directions (ties keep
 * document order), empty values (-1) last.
 *
 * @example orderByRanks(Int32Array.of(1, -1, 0), 'desc') // Uint32Array [0, 2, 1]
 */
export function orderByRanks(ranks: Int32Array, direction: SortDirection): Uint32Array {
  // Plain indexed loops, no closure or iterator: the first sort meets this code barely optimized.
  const rows = ranks.length;
  let maxRank = -1;
  for (let row = 0; row < rows; row++) {
    const rank = ranks[row] ?? -1;
    if (rank > maxRank) maxRank = rank;
  }
  // One bucket per rank, then one for the empty values; next[b]: bucket b's next output slot.
  const emptyBucket = maxRank + 1;
  const next = new Int32Array(maxRank + 2);
  for (let row = 0; row < rows; row++) {
    const rank = ranks[row] ?? -1;
    const bucket = rank < 0 ? emptyBucket : rank;
    next[bucket] = (next[bucket] ?? 0) + 1;
  }
  let slot = 0;
  const step = direction === 'asc' ? 1 : -1;
  for (
    let bucket = direction === 'asc' ? 0 : maxRank;
    bucket >= 0 && bucket <= maxRank;
    bucket += step
  ) {
    const count = next[bucket] ?? 0;
    next[bucket] = slot;
    slot += count;
  }
  next[emptyBucket] = slot;
  const order = new Uint32Array(rows);
  for (let row = 0; row < rows; row++) {
    const rank = ranks[row] ?? -1;
    const bucket = rank < 0 ? emptyBucket : rank;
    const at = next[bucket] ?? 0;
    order[at] = row;
    next[bucket] = at + 1;
  }
  return order;
}
