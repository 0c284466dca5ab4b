/**
 * A text or a body cut where `cuts` say (each taken modulo the length + 1, repeats ignored), in
 * order, for tests that feed something piece by piece and compare with feeding it whole. Byte
 * pieces are copies, as a network delivers them: none shares the caller's buffer.
 * @example cutInPieces('abcd', [3, 1]) // ['a', 'bc', 'd']
 */
export function cutInPieces(whole: string, cuts: readonly number[]): string[];
export function cutInPieces(whole: Uint8Array, cuts: readonly number[]): Uint8Array[];
export function cutInPieces(
  whole: string | Uint8Array,
  cuts: readonly number[],
): Array<string | Uint8Array> {
  const at = [...new Set(cuts.map((cut) => cut % (whole.length + 1)))].sort((a, b) => a - b);
  const pieces: Array<string | Uint8Array> = [];
  let last = 0;
  for (const cut of [...at, whole.length]) {
    pieces.push(whole.slice(last, cut));
    last = cut;
  }
  return pieces;
}
