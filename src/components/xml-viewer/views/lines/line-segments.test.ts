import { describe, expect, it } from 'vitest';
import { lineMatches, lineSegments } from './line-segments.ts';
import { xmlLineTokens } from './xml-line-tokens.ts';
import { searchPattern } from '../../../../workers/viewer/search-text.ts';

const pieces = (line: string, query: string, current: number | null) =>
  lineSegments(xmlLineTokens(line), lineMatches(line, searchPattern(query), current)).map(
    (segment) => [line.slice(segment.from, segment.to), segment.kind, segment.match],
  );

describe('lineMatches and lineSegments', () => {
  it('finds every match case-insensitively, the current one marked', () => {
    expect(lineMatches('<Stub>stub</Stub>', searchPattern('stub'), 6)).toEqual([
      { from: 1, to: 5, current: false },
      { from: 6, to: 10, current: true },
      { from: 12, to: 16, current: false },
    ]);
    expect(lineMatches('abc', null, null)).toEqual([]);
  });

  it('cuts tokens where a match starts and ends, across token boundaries', () => {
    expect(pieces('<Title>x</Title>', 'le>x<', 4)).toEqual([
      ['<', 'punct', 0],
      ['Tit', 'tag', 0],
      ['le', 'tag', 2],
      ['>', 'punct', 2],
      ['x', 'text', 2],
      ['<', 'punct', 2],
      ['/', 'punct', 0],
      ['Title', 'tag', 0],
      ['>', 'punct', 0],
    ]);
  });

  it('leaves a line without matches as its tokens, and covers the line in every case', () => {
    expect(pieces('<a>', 'zzz', null)).toEqual([
      ['<', 'punct', 0],
      ['a', 'tag', 0],
      ['>', 'punct', 0],
    ]);
    for (const [line, query] of [
      ['<Stub ID="stub-1">stub</Stub>', 'stub'],
      ['aaaa', 'a'],
      ['&amp;&amp;', '&'],
    ] as const) {
      const segments = lineSegments(
        xmlLineTokens(line),
        lineMatches(line, searchPattern(query), 0),
      );
      expect(segments.map((s) => line.slice(s.from, s.to)).join('')).toBe(line);
      const matched = segments.filter((s) => s.match > 0).map((s) => line.slice(s.from, s.to));
      expect(matched.join('').toLowerCase()).toBe(
        query.repeat(lineMatches(line, searchPattern(query), null).length).toLowerCase(),
      );
    }
  });
});
