import { describe, expect, it } from 'vitest';
import { xmlLineTokens, type LineToken } from './xml-line-tokens.ts';

const read = (line: string) =>
  xmlLineTokens(line).map((token) => [line.slice(token.from, token.to), token.kind]);

/** Tokens cover the line exactly, in order. */
function expectCovered(line: string, tokens: LineToken[]): void {
  let at = 0;
  for (const token of tokens) {
    expect(token.from).toBe(at);
    expect(token.to).toBeGreaterThan(token.from);
    at = token.to;
  }
  expect(at).toBe(line.length);
}

describe('xmlLineTokens', () => {
  it('colours a start tag with attributes', () => {
    expect(read('  <Stub ID="s1" kind=\'a&amp;b\'>')).toEqual([
      ['  ', 'text'],
      ['<', 'punct'],
      ['Stub', 'tag'],
      [' ', 'text'],
      ['ID', 'attr'],
      ['=', 'punct'],
      ['"s1"', 'value'],
      [' ', 'text'],
      ['kind', 'attr'],
      ['=', 'punct'],
      ["'a&amp;b'", 'value'],
      ['>', 'punct'],
    ]);
  });

  it('colours an element with text, an end tag and an empty element', () => {
    expect(read('<Title>Caf&#xE9; &lt;x&gt;</Title><Empty/>')).toEqual([
      ['<', 'punct'],
      ['Title', 'tag'],
      ['>', 'punct'],
      ['Caf', 'text'],
      ['&#xE9;', 'entity'],
      [' ', 'text'],
      ['&lt;', 'entity'],
      ['x', 'text'],
      ['&gt;', 'entity'],
      ['</', 'punct'],
      ['Title', 'tag'],
      ['>', 'punct'],
      ['<', 'punct'],
      ['Empty', 'tag'],
      ['/>', 'punct'],
    ]);
  });

  it('colours comments, CDATA, processing instructions and declarations whole', () => {
    expect(read('<!-- a <b> -->')).toEqual([['<!-- a <b> -->', 'comment']]);
    expect(read('<![CDATA[<x>]]>')).toEqual([['<![CDATA[<x>]]>', 'cdata']]);
    expect(read('<?xml version="1.0"?>')).toEqual([['<?xml version="1.0"?>', 'meta']]);
    expect(read('<!DOCTYPE a>')).toEqual([['<!DOCTYPE a>', 'meta']]);
  });

  it.each([
    'plain text & a lone ampersand',
    '<unterminated attr="x',
    '<a',
    '<',
    '</',
    '<!-- open comment',
    '<a b c="1" / >',
    '  text <a>x</a> tail &amp;',
    '',
  ])('covers any line exactly: %j', (line) => {
    expectCovered(line, xmlLineTokens(line));
  });
});
