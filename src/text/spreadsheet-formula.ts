/**
 * The one rule for CSV cells a spreadsheet would run as a formula (CSV injection), used by every
 * CSV the console writes (the viewer's Table export, the bulk results of the page and the CLI,
 * `bulk merge`) and undone by the one reader of those files (`--resume`).
 *
 * A cell is escaped with a leading `'` when it starts with = + - @, a tab or a CR, whatever follows
 * (line breaks included: papaparse's own `escapeFormulae: true` stops at the first line break, so
 * `=HYPERLINK(…)\nx` got through), unless the whole cell is a plain decimal number such as -5 or
 * +1.5, which a spreadsheet reads as a number and never as a formula (so it still sorts as one).
 * A cell that already starts with `'`s followed by one of those characters is escaped too, so
 * that reading back is exact: take one `'` off a cell that starts with `'`s and such a character.
 */

const NUMBER_BODY = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;

/**
 * A plain decimal number: the values the viewer's table sorts numerically, and the signed ones
 * the formula rule leaves alone.
 * @example DECIMAL_NUMBER.test('-1.5e3') // true
 */
export const DECIMAL_NUMBER = new RegExp(`^${NUMBER_BODY}$`);

/**
 * The cells that get a leading `'`. No `g` or `y` flag: papaparse's `escapeFormulae` and
 * `csvCell` call `test` on it again and again, which a `lastIndex` would break.
 * @example Papa.unparse(rows, { escapeFormulae: SPREADSHEET_FORMULA })
 */
export const SPREADSHEET_FORMULA = new RegExp(String.raw`^(?!${NUMBER_BODY}$)'*[=+\-@\t\r]`);

/** What `escapeFormula` wrote: one `'` to take off. */
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

/**
 * The cell as a spreadsheet should get it (before CSV quoting).
 * @example escapeFormula('=1+1') // "'=1+1"; escapeFormula('-5') // '-5'
 */
export function escapeFormula(cell: string): string {
  return SPREADSHEET_FORMULA.test(cell) ? `'${cell}` : cell;
}

/**
 * The value `escapeFormula` was given, from what it wrote (after CSV parsing).
 * @example unescapeFormula("'=1+1") // '=1+1'; unescapeFormula("''=x") // "'=x"
 */
export function unescapeFormula(cell: string): string {
  return ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell;
}
