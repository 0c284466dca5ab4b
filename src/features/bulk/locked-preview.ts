/**
 * While a job exists, or when a large file was chosen, the box shows at most this many lines of
 * the input (all are kept).
 */
export const LOCKED_PREVIEW_LINES = 1_000;

/** What shows the rest of the text, by why the box shows only part of it. */
export const SHOWS_ALL = {
  locked: '“New job” shows them all',
  file: '“Edit all lines here” shows them all',
} as const;

/**
 * The first lines of a large input and how many more there are. A box holding a large text
 * costs Chromium one long task whenever that text arrives or leaves: locking a box of 20,000
 * lines restyles and lays out every line (about a second), and at 100,000 lines replacing or
 * removing the value takes 0.3–0.4 s (trace: "set value" / removeChild). The rows are in the
 * table below anyway.
 * @example lockedPreview('a\nb\nc', 2) // 'a\nb\n… 1 more line (kept: “New job” shows them all)'
 */
export function lockedPreview(
  text: string,
  lines = LOCKED_PREVIEW_LINES,
  showsAll: string = SHOWS_ALL.locked,
): string {
  let end = -1;
  for (let seen = 0; seen < lines; seen++) {
    end = text.indexOf('\n', end + 1);
    if (end < 0) return text;
  }
  let more = 0;
  for (let at = end; at >= 0 && at < text.length - 1; at = text.indexOf('\n', at + 1)) more += 1;
  if (more === 0) return text;
  return `${text.slice(0, end + 1)}… ${more.toLocaleString('en')} more line${more === 1 ? '' : 's'} (kept: ${showsAll})`;
}
