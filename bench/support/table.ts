/**
 * One line of a bench's table: the first cell (the case) left-aligned in its width, the figures
 * right-aligned in theirs, one space apart.
 * @example tableRow(['case', 'req/s'], [36, 9]) // 'case                                     req/s'
 */
export function tableRow(cells: ReadonlyArray<string | number>, widths: readonly number[]): string {
  return cells
    .map((cell, i) =>
      i === 0 ? String(cell).padEnd(widths[0] ?? 0) : String(cell).padStart(widths[i] ?? 0),
    )
    .join(' ');
}
