/**
 * Case-insensitive literal search over the pretty text, run in the worker so that counting
 * 100,000 matches in 10 MB never blocks the page. One flat pass with `RegExp.test`: no match
 * objects are allocated (a literal's case-insensitive match is as long as the query), which
 * counts 60,000 matches in 11 MB in a few tens of milliseconds.
 *
 * @example searchText('a A a', 'a').total // 3
 */
import type { SearchResult } from './viewer-worker-protocol.ts';

/** The same pattern the Pretty view highlights with: `u` only when the query needs it. */
export function searchPattern(query: string): RegExp {
  // eslint-disable-next-line no-control-regex
  const flags = /^[\u0000-\u007f]*$/.test(query) ? 'gi' : 'giu';
  return new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags);
}

/** The matches of a search, before they are placed on lines. */
export type TextMatches = Omit<SearchResult, 'lines' | 'columns'>;

export function searchText(text: string, query: string, limit = 1_000_000): TextMatches {
  if (!query) return { positions: new Int32Array(0), length: 0, total: 0 };
  const pattern = searchPattern(query);
  let positions = new Int32Array(1024);
  let total = 0;
  while (pattern.test(text)) {
    if (total < limit) {
      if (total === positions.length) {
        const grown = new Int32Array(Math.min(positions.length * 2, limit));
        grown.set(positions);
        positions = grown;
      }
      positions[total] = pattern.lastIndex - query.length;
    }
    total += 1;
  }
  return {
    positions: positions.slice(0, Math.min(total, limit)),
    length: query.length,
    total,
  };
}
