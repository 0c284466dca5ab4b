/**
 * A count with thousands separators, as `toLocaleString('en-US')` writes it, without ICU: the
 * first `toLocaleString` on a page spends 30 ms or more setting up the locale's number format,
 * and the viewer's first screen would pay it.
 *
 * @example formatCount(210002) // '210,002'
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
