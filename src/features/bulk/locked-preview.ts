/** While a job exists, the box shows at most this many lines of the input (all are kept). */
export const LOCKED_PREVIEW_LINES = 1_000;

/**
 * The first lines of a large input and how many more there are. Locking a box that holds
 * 20,000 lines made Chromium restyle and lay out every line (about a second, one task); the rows
 * are in the table below anyway, and "New job" shows the whole text again.
 * @example lockedPreview('a\nb\nc', 2) // 'a\nb\n… 1 more line (kept: “New job” shows them all)'
 */
export function lockedPreview(text: string, lines = LOCKED_PREVIEW_LINES): string {
  let end = -1;
  for (let seen = 0; seen < lines; seen++) {
    end = text.indexOf('\n', end + 1);
    if (end < 0) return text;
  }
  let more = 0;
  for (let at = end; at >= 0 && at < text.length - 1; at = text.indexOf('\n', at + 1)) more += 1;
  if (more === 0) return text;
  return `${text.slice(0, end + 1)}… ${more.toLocaleString('en')} more line${more === 1 ? '' : 's'} (kept: “New job” shows them all)`;
}
