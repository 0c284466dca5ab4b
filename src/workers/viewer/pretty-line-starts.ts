/**
 * The pretty text read by lines, through where each line starts (recorded by the pass that wrote
 * the text, in the format of `PrettyLines.takeLineStarts`: one entry per line plus one past the
 * end), so the worker can answer the page's request for a window of lines (the page never holds
 * the pretty text) and place search matches on lines.
 */
import type { PieceText } from '../../text/piece-text.ts';

/** Lines [from, to) of `text`, joined by line breaks (no trailing one); clamped to the text. */
export function linesOf(
  text: string | PieceText,
  starts: Uint32Array,
  from: number,
  to: number,
): string {
  const count = starts.length - 1;
  const first = Math.max(0, Math.min(from, count));
  const last = Math.max(first, Math.min(to, count));
  if (first === last) return '';
  return text.slice(starts[first] ?? 0, (starts[last] ?? 0) - 1);
}

/**
 * The line and column of each position (sorted ascending, as search finds them), in one walk.
 *
 * @example placeOnLines(Int32Array.of(0, 3), Uint32Array.of(0, 3, 6)) // in 'ab\ncd': lines [0, 1], columns [0, 0]
 */
export function placeOnLines(
  positions: Int32Array,
  starts: Uint32Array,
): { lines: Int32Array; columns: Int32Array } {
  const lines = new Int32Array(positions.length);
  const columns = new Int32Array(positions.length);
  let line = 0;
  const lastLine = starts.length - 2;
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i] ?? 0;
    while (line < lastLine && (starts[line + 1] ?? 0) <= position) line += 1;
    lines[i] = line;
    columns[i] = position - (starts[line] ?? 0);
  }
  return { lines, columns };
}
