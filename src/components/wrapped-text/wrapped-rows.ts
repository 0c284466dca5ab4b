/** Long lines are cut into rows of this many characters, so a 10 MB one-line body stays scrollable. */
export const ROW_CHARS = 1000;

export interface WrappedRows {
  /** Start offset of each visual row. */
  starts: Int32Array;
  /** Source line number (1-based) of each visual row, or 0 for a continuation. */
  lineNumbers: Int32Array;
}

/** Splits text into visual rows: at each line break, and every `rowChars` inside long lines. */
export function wrappedRows(text: string, rowChars = ROW_CHARS): WrappedRows {
  const starts: number[] = [];
  const lineNumbers: number[] = [];
  let line = 1;
  let pos = 0;
  for (;;) {
    const lineEnd = text.indexOf('\n', pos);
    const end = lineEnd === -1 ? text.length : lineEnd;
    let chunk = pos;
    do {
      starts.push(chunk);
      lineNumbers.push(chunk === pos ? line : 0);
      chunk += rowChars;
    } while (chunk < end);
    if (lineEnd === -1) break;
    pos = lineEnd + 1;
    line += 1;
  }
  return { starts: Int32Array.from(starts), lineNumbers: Int32Array.from(lineNumbers) };
}

/** The text of one visual row, without its line break. */
export function wrappedRowText(
  text: string,
  rows: WrappedRows,
  row: number,
  rowChars = ROW_CHARS,
): string {
  const start = rows.starts[row] ?? 0;
  const next = rows.starts[row + 1];
  const end = next === undefined ? text.length : Math.min(next, start + rowChars);
  const slice = text.slice(start, end);
  return slice.endsWith('\n') ? slice.slice(0, -1) : slice;
}
