/**
 * The first rows of a column's sort order, found in one pass that keeps the best few, without
 * ranking the whole column: what the Table shows at once when a column not ranked yet is sorted,
 * while the worker ranks it. The order is exactly that of orderByRanks(rowRanks(values)): numbers
 * by value when every non-empty value is one, else natural and case-insensitive, then by code
 * unit; ties in document order in both directions; empty values last.
 */
import { CellColumn, isEmptyCell, type Cells } from './cell-column.ts';
import { columnNumbersInSteps, type SortDirection } from './row-ranks.ts';
import { stepsToEnd } from '../tasks/steps-to-end.ts';

/**
 * Which rows may be among the first: those `kept` holds 1 for (a filter's matches, known), and of
 * those, the ones `keeps` says yes to (a filter's test, asked only of a row that would be among
 * the first so far, so that most rows are never tested).
 */
export interface RowsKept {
  kept?: ArrayLike<number> | null;
  keeps?: ((row: number) => boolean) | null;
}

/**
 * The first `count` rows of the column's order, of the rows kept (all rows by default). Numbers
 * by value when every non-empty value of the whole column is one, as its ranks are.
 *
 * @example firstRowsInOrder(['b', '', 'a', 'c'], 'asc', 2) // Uint32Array [2, 0]
 */
export function firstRowsInOrder(
  values: Cells,
  direction: SortDirection,
  count: number,
  { kept = null, keeps = null }: RowsKept = {},
): Uint32Array {
  const sign = direction === 'asc' ? 1 : -1;
  // Numbers when every non-empty value of the whole column is one, not only of the rows kept,
  // as for its ranks.
  const numbers = stepsToEnd(columnNumbersInSteps(values, Infinity))?.numbers;
  const best = numbers
    ? bestByNumber(values, numbers, sign, count, kept, keeps)
    : bestByText(values, sign, count, kept, keeps);
  for (let row = 0; row < values.length && best.length < count; row++)
    if ((!kept || kept[row] === 1) && isEmptyCell(values, row) && (!keeps || keeps(row)))
      best.push(row);
  return Uint32Array.from(best);
}

// The two passes below are one loop written twice, each comparing inline: a comparator passed
// in would be called with two kinds of function at one call site, which V8 then neither inlines
// nor specializes (in Node, a third slower on every column once both kinds had run).

/**
 * The best `count` non-empty kept rows by number, in order. A row is placed after every row it
 * does not come before, so that ties keep document order.
 */
function bestByNumber(
  values: Cells,
  numbers: Float64Array,
  sign: number,
  count: number,
  kept: ArrayLike<number> | null,
  keeps: ((row: number) => boolean) | null,
): number[] {
  const best: number[] = [];
  for (let row = 0; row < values.length; row++) {
    if ((kept && kept[row] !== 1) || isEmptyCell(values, row)) continue;
    const value = sign * (numbers[row] ?? 0);
    if (best.length === count && !(value < sign * (numbers[best[count - 1] ?? 0] ?? 0))) continue;
    if (keeps && !keeps(row)) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (value < sign * (numbers[best[middle] ?? 0] ?? 0)) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, row);
    if (best.length > count) best.pop();
  }
  return best;
}

/** bestByNumber for text: natural order, then code units (see compareCells). */
function bestByText(
  values: Cells,
  sign: number,
  count: number,
  kept: ArrayLike<number> | null,
  keeps: ((row: number) => boolean) | null,
): number[] {
  const best: number[] = [];
  for (let row = 0; row < values.length; row++) {
    if ((kept && kept[row] !== 1) || isEmptyCell(values, row)) continue;
    if (best.length === count && sign * compareCells(values, row, best[count - 1] ?? 0) >= 0)
      continue;
    if (keeps && !keeps(row)) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sign * compareCells(values, row, best[middle] ?? 0) < 0) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, row);
    if (best.length > count) best.pop();
  }
  return best;
}

/** Natural order, then code units, of two rows' values; 0 only for equal values. */
function compareCells(values: Cells, a: number, b: number): number {
  // A record table's cells are compared where they stand in its text.
  const column = values instanceof CellColumn ? values : null;
  const aStart = column ? column.startOf(a) : -1;
  const bStart = column ? column.startOf(b) : -1;
  const aText = column && aStart >= 0 ? column.source : (values.at(a) ?? '');
  const bText = column && bStart >= 0 ? column.source : (values.at(b) ?? '');
  const aFrom = Math.max(0, aStart);
  const bFrom = Math.max(0, bStart);
  const aTo = column && aStart >= 0 ? column.endOf(a) : aText.length;
  const bTo = column && bStart >= 0 ? column.endOf(b) : bText.length;
  // Where the two first differ (most cells of a column share a start: a URL's host, an ID's
  // first groups), backed up to the digit run that position is in, since the keys compare a
  // run as a whole: the keys agree before it. A character beyond ASCII before it reads all.
  const length = Math.min(aTo - aFrom, bTo - bFrom);
  let same = 0;
  while (same < length) {
    const c = aText.charCodeAt(aFrom + same);
    if (c !== bText.charCodeAt(bFrom + same)) break;
    if (c >= 0x80) {
      same = 0;
      break;
    }
    same += 1;
  }
  while (same > 0 && isDigit(aText.charCodeAt(aFrom + same - 1))) same -= 1;
  let order = compareNatural(aText, aFrom + same, aTo, bText, bFrom + same, bTo, true);
  if (Number.isNaN(order)) {
    // Beyond ASCII, lower-casing is the whole value's (a final sigma reads its neighbours).
    const aLower = aText.slice(aFrom, aTo).toLowerCase();
    const bLower = bText.slice(bFrom, bTo).toLowerCase();
    order = compareNatural(aLower, 0, aLower.length, bLower, 0, bLower.length, false);
  }
  return order !== 0 ? order : compareCodeUnits(aText, aFrom, aTo, bText, bFrom, bTo);
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;

const isDigit = (c: number) => c >= DIGIT_0 && c <= DIGIT_9;

/**
 * How a[aFrom, aTo) and b[bFrom, bTo) compare as the natural keys of row-ranks.ts would (its
 * lower-cased text, a digit run as '0', its count of significant digits and those digits), read
 * as far as they differ: negative, 0 or positive. With `asciiOnly`, NaN at a character beyond
 * ASCII before they differ (its lower case needs the whole value); without it, the texts are
 * lower-cased already.
 */
function compareNatural(
  a: string,
  aFrom: number,
  aTo: number,
  b: string,
  bFrom: number,
  bTo: number,
  asciiOnly: boolean,
): number {
  let i = aFrom;
  let j = bFrom;
  while (i < aTo && j < bTo) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(j);
    if (asciiOnly && (x >= 0x80 || y >= 0x80)) return Number.NaN;
    if (isDigit(x) && isDigit(y)) {
      // Two digit runs, by value: their count of significant digits, then those digits.
      let aEnd = i + 1;
      while (aEnd < aTo && isDigit(a.charCodeAt(aEnd))) aEnd += 1;
      let bEnd = j + 1;
      while (bEnd < bTo && isDigit(b.charCodeAt(bEnd))) bEnd += 1;
      while (i < aEnd - 1 && a.charCodeAt(i) === DIGIT_0) i += 1;
      while (j < bEnd - 1 && b.charCodeAt(j) === DIGIT_0) j += 1;
      if (aEnd - i !== bEnd - j) return aEnd - i - (bEnd - j);
      for (; i < aEnd; i++, j++) {
        const difference = a.charCodeAt(i) - b.charCodeAt(j);
        if (difference !== 0) return difference;
      }
      continue;
    }
    // A digit run's first symbol is '0', which no other character's is.
    if (isDigit(x)) x = DIGIT_0;
    else if (x >= 65 && x <= 90) x += 32;
    if (isDigit(y)) y = DIGIT_0;
    else if (y >= 65 && y <= 90) y += 32;
    if (x !== y) return x - y;
    i += 1;
    j += 1;
  }
  // A key that is the start of the other comes first.
  return (i < aTo ? 1 : 0) - (j < bTo ? 1 : 0);
}

function compareCodeUnits(
  a: string,
  aFrom: number,
  aTo: number,
  b: string,
  bFrom: number,
  bTo: number,
): number {
  const length = Math.min(aTo - aFrom, bTo - bFrom);
  for (let k = 0; k < length; k++) {
    const difference = a.charCodeAt(aFrom + k) - b.charCodeAt(bFrom + k);
    if (difference !== 0) return difference;
  }
  return aTo - aFrom - (bTo - bFrom);
}
