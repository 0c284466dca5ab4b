/** Cell values for the table's property tests: text mixing digit runs, ASCII and beyond. */
import fc from 'fast-check';

const digits = fc.string({
  unit: fc.constantFrom(...'0000123456789'),
  minLength: 1,
  maxLength: 24,
});
const piece = fc.oneof(
  digits,
  fc.constantFrom('a', 'A', 'b', 'Z', 'item', 'Item', 'ITEM', ' ', '-', '.', '_', '~', '/', ':'),
  // Beyond ASCII: accents, a capital that lower-cases to two units, sigma's two lower cases,
  // a surrogate pair, the Kelvin sign (lower-cases to ASCII 'k'), a title-case digraph.
  fc.constantFrom('é', 'É', 'İ', 'Σ', 'σ', 'ς', 'ß', '漢', '😀', '\u212a', 'ǅ', '\u00a0'),
);
/** A cell: up to six pieces of digits, ASCII words and symbols, and cased letters beyond ASCII. */
export const cellText = fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join(''));
