/**
 * What papaparse is not asked to guess: the delimiter (its guess warns "Unable to auto-detect
 * delimiting character" on clean one-column or short inputs), and where an unclosed quote opens
 * (papaparse only says "Quoted field unterminated" and reads every later line into that value).
 */

/** The delimiters a bulk input may use, in the order a tie is settled. */
export const DELIMITERS = ['\t', ';', ',', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

const SAMPLE_LINES = 20;

/** A line without its quoted parts, so a delimiter inside quotes is not counted. */
const unquoted = (line: string) => line.replace(/"(?:[^"]|"")*"?/g, '""');

function countOf(line: string, delimiter: string): number {
  let count = 0;
  for (let at = line.indexOf(delimiter); at >= 0; at = line.indexOf(delimiter, at + 1)) count++;
  return count;
}

/**
 * The delimiter of the first non-blank lines: the one found the same number of times on every
 * sampled line; failing that, the one on the most lines; a comma when none is found.
 * @example detectDelimiter('url;type\nhttps://a/1;image') // ';'
 */
export function detectDelimiter(text: string): Delimiter {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < SAMPLE_LINES && start < text.length) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
    if (line.trim() !== '') lines.push(unquoted(line));
    if (end < 0) break;
    start = end + 1;
  }
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => countOf(line, delimiter));
    const first = counts[0] ?? 0;
    const linesWith = counts.filter((count) => count > 0).length;
    const consistent = first > 0 && counts.every((count) => count === first);
    // A delimiter on every line the same number of times beats one found on more lines unevenly.
    const score = (consistent ? lines.length + 1 : 0) + linesWith;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

const isLineEnd = (char: string | undefined) => char === '\n' || char === '\r';

/**
 * The 1-based line where a quote opens that is never closed, or null. Quoting as papaparse reads
 * it: a quote opens a value only as its first character, `""` inside is a quote, and a quote
 * closes the value when a delimiter, a line end or the end of the text follows (spaces between
 * allowed).
 * @example unclosedQuoteLine('https://a,image\nhttps://b,"video\nhttps://c,audio', ',') // 2
 */
export function unclosedQuoteLine(text: string, delimiter: string): number | null {
  if (!text.includes('"')) return null;
  const length = text.length;
  let line = 1;
  let at = 0;
  while (at < length) {
    if (text[at] === '"') {
      const opensOn = line;
      let from = at + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) return opensOn;
        line += countOf(text.slice(from, quote), '\n');
        if (text[quote + 1] === '"') {
          from = quote + 2;
          continue;
        }
        let next = quote + 1;
        while (text[next] === ' ') next++;
        if (next >= length || text[next] === delimiter || isLineEnd(text[next])) {
          at = next;
          break;
        }
        from = quote + 1;
      }
    } else {
      while (at < length && text[at] !== delimiter && !isLineEnd(text[at])) at++;
    }
    if (at >= length) break;
    if (text[at] === '\n') line++;
    at++;
  }
  return null;
}
