/**
 * A line's colour tokens cut at its search matches, so each piece has one colour and one match
 * state: what the window renders as spans.
 */
import type { LineToken, TokenKind } from './xml-line-tokens.ts';

/** 0: not a match; 1: a match; 2: the current match. */
export type MatchState = 0 | 1 | 2;

export interface Segment {
  from: number;
  to: number;
  kind: TokenKind;
  match: MatchState;
}

/** A match in the line: [from, to), current or not. */
export interface LineMatch {
  from: number;
  to: number;
  current: boolean;
}

/**
 * Matches of `pattern` (global) in `line`, the one starting at `currentColumn` marked current.
 *
 * @example lineMatches('a<a>', /a/gi, 2) // [{0,1,false}, {2,3,true}]
 */
export function lineMatches(
  line: string,
  pattern: RegExp | null,
  currentColumn: number | null,
): LineMatch[] {
  if (!pattern) return [];
  const matches: LineMatch[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) {
    if (match[0] === '') {
      pattern.lastIndex += 1;
      continue;
    }
    const from = match.index;
    matches.push({ from, to: from + match[0].length, current: from === currentColumn });
  }
  return matches;
}

/** Tokens (covering the line, in order) cut at the matches (sorted, not overlapping). */
export function lineSegments(tokens: LineToken[], matches: LineMatch[]): Segment[] {
  if (matches.length === 0) return tokens.map((token) => ({ ...token, match: 0 }));
  const cuts = new Set<number>();
  for (const match of matches) cuts.add(match.from).add(match.to);
  const segments: Segment[] = [];
  let m = 0;
  for (const token of tokens) {
    let from = token.from;
    const points = [...cuts].filter((at) => at > token.from && at < token.to).sort((a, b) => a - b);
    for (const to of [...points, token.to]) {
      while (m < matches.length && (matches[m]?.to ?? 0) <= from) m += 1;
      const match = matches[m];
      const state: MatchState =
        match && match.from <= from && from < match.to ? (match.current ? 2 : 1) : 0;
      segments.push({ from, to, kind: token.kind, match: state });
      from = to;
    }
  }
  return segments;
}
