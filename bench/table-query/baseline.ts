/**
 * BASELINE for `npm run bench -- table-query`: the sort ranks of src/xml/table-query.ts as they
 * were before the shared prefix and the NaturalSort class (commit 3fec6cb), copied unchanged but
 * for this comment and the exported name, so that the bench times the old and the new side by
 * side in one run. The filter's old way (the whole search text built before the first filter
 * scans it) is the bench's own baseline contender. Not used by the console.
 */

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * The sort rank of each row's value (-1 when empty): numeric when every non-empty value is a
 * number, else natural. Equal values share a rank; values that are equal but for case or
 * leading zeros ('A' and 'a', '01' and '1') rank by code unit ('A', then 'a'). Computed once per
 * column; both directions reuse it.
 *
 * @example rowRanks(['b', '', 'a']) // Int32Array [1, -1, 0]
 */
export function baselineRowRanks(values: readonly string[]): Int32Array {
  return numericRanks(values) ?? fewValueRanks(values) ?? naturalRanks(values);
}

/** Ranks by numeric value, or null when a non-empty value is not a number. */
function numericRanks(values: readonly string[]): Int32Array | null {
  const rows = values.length;
  const numbers = new Float64Array(rows);
  let count = 0;
  for (let row = 0; row < rows; row++) {
    const value = values[row] ?? '';
    if (value === '') continue;
    if (!NUMBER.test(value.trim())) return null;
    numbers[row] = Number(value);
    count += 1;
  }
  // The distinct numbers in order (a typed array sorts natively), then each row's by bisection:
  // no Map of numbers.
  const distinct = new Float64Array(count);
  let at = 0;
  for (let row = 0; row < rows; row++) if (values[row] !== '') distinct[at++] = numbers[row] ?? 0;
  distinct.sort();
  let size = 0;
  for (let i = 0; i < count; i++) {
    const n = distinct[i] ?? 0;
    if (size === 0 || n !== distinct[size - 1]) distinct[size++] = n;
  }
  const ranks = new Int32Array(rows);
  for (let row = 0; row < rows; row++) {
    if (values[row] === '') {
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
 * distinct, which a Map of strings would only slow down.
 */
function fewValueRanks(values: readonly string[]): Int32Array | null {
  const rows = values.length;
  const most = Math.max(16, rows >> 4);
  const ids = new Int32Array(rows);
  const distinct: string[] = [];
  const idOf = new Map<string, number>();
  for (let row = 0; row < rows; row++) {
    const value = values[row] ?? '';
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
    const id = ids[row] ?? -1;
    ranks[row] = id < 0 ? -1 : (rankOf[id] ?? -1);
  }
  return ranks;
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
/** Ranges this short are sorted by insertion instead of another radix pass. */
const INSERTION_SORT_ROWS = 16;

/**
 * Every row's natural key as 16-bit symbols in one buffer: the value lower-cased, with each run
 * of digits written as '0', its count of significant digits (one symbol below 0xFFFF, else 0xFFFF
 * and two more) and those digits. Compared symbol by symbol, two keys give the natural order: a
 * digit run against another compares by length, then digit by digit (as numbers, at any length);
 * against a letter, as '0' against it.
 */
class NaturalKeys {
  symbols: Uint16Array;
  readonly start: Int32Array;
  /** 1 where the key spells its value exactly (ASCII, no capital, no leading zero). */
  readonly exact: Uint8Array;
  private length = 0;

  constructor(values: readonly string[]) {
    let chars = 0;
    for (const value of values) chars += value.length;
    // Room for a digit run in every other character, so that the buffer hardly ever grows.
    this.symbols = new Uint16Array(2 * chars + 64);
    this.start = new Int32Array(values.length + 1);
    this.exact = new Uint8Array(values.length);
    for (let row = 0; row < values.length; row++) {
      const value = values[row] ?? '';
      this.start[row] = this.length;
      // ASCII values (most) are lower-cased as they are written, without a new string; the
      // others through toLowerCase, which knows the whole of Unicode.
      const written = this.write(value, true);
      if (written < 0) {
        this.length = this.start[row] ?? 0;
        this.write(value.toLowerCase(), false);
      } else this.exact[row] = written;
    }
    this.start[values.length] = this.length;
  }

  /** 1 when the key spells `text` exactly, else 0; -1 (nothing kept) for non-ASCII if asciiOnly. */
  private write(text: string, asciiOnly: boolean): number {
    const n = text.length;
    // A digit run takes at most three symbols more than its characters (one more per character).
    if (this.length + 3 * n + 3 > this.symbols.length) {
      const grown = new Uint16Array(2 * (this.length + 3 * n + 3));
      grown.set(this.symbols);
      this.symbols = grown;
    }
    const symbols = this.symbols;
    let length = this.length;
    let exact = 1;
    for (let i = 0; i < n; i++) {
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
        continue;
      }
      let end = i + 1;
      while (end < n) {
        const d = text.charCodeAt(end);
        if (d < DIGIT_0 || d > DIGIT_9) break;
        end += 1;
      }
      let first = i;
      while (first < end - 1 && text.charCodeAt(first) === DIGIT_0) first += 1;
      if (first > i) exact = 0;
      const digits = end - first;
      symbols[length++] = DIGIT_0;
      if (digits < 0xffff) symbols[length++] = digits;
      else {
        symbols[length++] = 0xffff;
        symbols[length++] = digits >>> 16;
        symbols[length++] = digits & 0xffff;
      }
      for (let d = first; d < end; d++) symbols[length++] = text.charCodeAt(d);
      i = end - 1;
    }
    this.length = length;
    return exact;
  }
}

/**
 * Natural ranks of mostly distinct values, without a Map of strings or a comparison per pair of
 * keys: the keys are sorted by MSD radix over their symbols, as many symbols per pass as fit a
 * float beside the row's number (a typed array sorts natively); a prefix that a whole range
 * shares is skipped in one step, and ranges under INSERTION_SORT_ROWS rows are finished by
 * insertion.
 */
function naturalRanks(values: readonly string[]): Int32Array {
  const keys = new NaturalKeys(values);
  const { symbols, start, exact } = keys;
  let count = 0;
  for (const value of values) if (value !== '') count += 1;
  const rows = new Int32Array(count);
  let at = 0;
  for (let row = 0; row < values.length; row++) if (values[row] !== '') rows[at++] = row;
  // tied[i]: rows[i] has the same value as rows[i - 1].
  const tied = new Uint8Array(count);

  // Dense codes for the symbols present, 0 meaning "past the end", so a pass takes the most
  // symbols that fit in 53 bits beside the row's number (up to 65,536 codes: not a Uint16Array).
  const code = new Int32Array(65536);
  const used = start[values.length] ?? 0;
  for (let i = 0; i < used; i++) code[symbols[i] ?? 0] = 1;
  let alphabet = 0;
  for (let s = 0; s < 65536; s++) if (code[s]) code[s] = ++alphabet;
  let rowBits = 1;
  while (2 ** rowBits < values.length) rowBits += 1;
  let codeBits = 1;
  while (2 ** codeBits <= alphabet) codeBits += 1;
  const rowScale = 2 ** rowBits;
  const codeScale = 2 ** codeBits;
  const perPass = Math.max(1, Math.floor((53 - rowBits) / codeBits));
  const packed = new Float64Array(count);

  const keyLength = (row: number) => (start[row + 1] ?? 0) - (start[row] ?? 0);
  /** Key order from `depth` on, then code units; 0 only for equal values. */
  const compareFrom = (a: number, b: number, depth: number): number => {
    const la = keyLength(a);
    const lb = keyLength(b);
    const fa = start[a] ?? 0;
    const fb = start[b] ?? 0;
    const shorter = Math.min(la, lb);
    for (let d = depth; d < shorter; d++) {
      const sa = symbols[fa + d] ?? 0;
      const sb = symbols[fb + d] ?? 0;
      if (sa !== sb) return sa - sb;
    }
    if (la !== lb) return la - lb;
    return compareCodeUnits(values[a] ?? '', values[b] ?? '');
  };
  /** rows[from, to) have equal keys: order them by code unit and mark equal values tied. */
  const settleEqualKeys = (from: number, to: number) => {
    // Values whose keys spell them exactly are all the same value.
    let allExact = true;
    for (let i = from; i < to && allExact; i++) allExact = exact[rows[i] ?? 0] === 1;
    if (!allExact) {
      const part = Array.from(rows.subarray(from, to)).sort((a, b) =>
        compareCodeUnits(values[a] ?? '', values[b] ?? ''),
      );
      rows.set(part, from);
    }
    for (let i = from + 1; i < to; i++)
      if (allExact || values[rows[i] ?? 0] === values[rows[i - 1] ?? 0]) tied[i] = 1;
  };

  // Ranges still to sort, as (from, to, depth) triples.
  const pending: number[] = [0, count, 0];
  while (pending.length > 0) {
    let depth = pending.pop() ?? 0;
    const to = pending.pop() ?? 0;
    const from = pending.pop() ?? 0;
    if (to - from < INSERTION_SORT_ROWS) {
      for (let i = from + 1; i < to; i++) {
        const row = rows[i] ?? 0;
        let j = i;
        for (; j > from && compareFrom(rows[j - 1] ?? 0, row, depth) > 0; j--)
          rows[j] = rows[j - 1] ?? 0;
        rows[j] = row;
      }
      for (let i = from + 1; i < to; i++)
        if (compareFrom(rows[i - 1] ?? 0, rows[i] ?? 0, depth) === 0) tied[i] = 1;
      continue;
    }
    const first = rows[from] ?? 0;
    const firstAt = start[first] ?? 0;
    let shared = keyLength(first);
    for (let i = from + 1; i < to && shared > depth; i++) {
      const row = rows[i] ?? 0;
      const rowAt = start[row] ?? 0;
      const limit = Math.min(shared, keyLength(row));
      let d = depth;
      while (d < limit && symbols[rowAt + d] === symbols[firstAt + d]) d += 1;
      shared = d;
    }
    depth = shared;
    for (let i = from; i < to; i++) {
      const row = rows[i] ?? 0;
      const rowAt = (start[row] ?? 0) + depth;
      const end = start[row + 1] ?? 0;
      let head = 0;
      for (let s = rowAt; s < rowAt + perPass; s++)
        head = head * codeScale + (s < end ? (code[symbols[s] ?? 0] ?? 0) : 0);
      packed[i] = head * rowScale + row;
    }
    packed.subarray(from, to).sort();
    let runFrom = from;
    let runHead = Math.floor((packed[from] ?? 0) / rowScale);
    for (let i = from; i <= to; i++) {
      const head = i < to ? Math.floor((packed[i] ?? 0) / rowScale) : -1;
      if (i < to) rows[i] = (packed[i] ?? 0) % rowScale;
      if (head === runHead) continue;
      if (i - runFrom > 1) {
        // Equal heads: the keys are equal if one ends within them, else the next symbols decide.
        if (keyLength(rows[runFrom] ?? 0) <= depth + perPass) settleEqualKeys(runFrom, i);
        else pending.push(runFrom, i, depth + perPass);
      }
      runFrom = i;
      runHead = head;
    }
  }

  const ranks = new Int32Array(values.length).fill(-1);
  let rank = -1;
  for (let i = 0; i < count; i++) {
    if (!tied[i]) rank += 1;
    ranks[rows[i] ?? 0] = rank;
  }
  return ranks;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
