/**
 * About a screenful of pretty text: what the page prints before the worker answers and what the
 * editor takes in at once, so the first paint does not wait for more.
 */
export const FIRST_SCREEN_CHARS = 12_000;

/**
 * Cuts text into ranges that end just before a line break, so an editor can be given the first
 * screenful at once and the rest in later tasks (no single long task for a 10 MB document).
 * Every range after the first starts with its "\n".
 *
 * @example lineChunks('a\nb\nc', 1, 1) // [[0, 1], [1, 3], [3, 5]]
 */
export function lineChunks(text: string, firstSize: number, size: number): Array<[number, number]> {
  const chunks: Array<[number, number]> = [];
  let from = 0;
  let target = firstSize;
  while (from < text.length) {
    let to = text.indexOf('\n', Math.max(from + target, from + 1));
    if (to === -1) to = text.length;
    chunks.push([from, to]);
    from = to;
    target = size;
  }
  if (chunks.length === 0) chunks.push([0, 0]);
  return chunks;
}
