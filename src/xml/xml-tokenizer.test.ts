import { describe, expect, it } from 'vitest';
import { tokenizeXml, XmlSyntaxError, type XmlTokenHandler } from './xml-tokenizer.ts';

function tokens(xml: string): string[] {
  const seen: string[] = [];
  const handler: XmlTokenHandler = {
    startTag: (_s, ns, ne) => seen.push(`start ${xml.slice(ns, ne)}`),
    attribute: (ns, ne, vs, ve) => seen.push(`attr ${xml.slice(ns, ne)}=${xml.slice(vs, ve)}`),
    startTagEnd: (_e, self) => seen.push(self ? 'self-close' : 'open'),
    endTag: (_s, ns, ne) => seen.push(`end ${xml.slice(ns, ne)}`),
    text: (s, e) => seen.push(`text ${xml.slice(s, e)}`),
    cdata: (s, e) => seen.push(`cdata ${xml.slice(s, e)}`),
    comment: (s, e) => seen.push(`comment ${xml.slice(s, e)}`),
    processingInstruction: (s, e) => seen.push(`pi ${xml.slice(s, e)}`),
    doctype: (s, e) => seen.push(`doctype ${xml.slice(s, e)}`),
  };
  tokenizeXml(xml, handler);
  return seen;
}

function syntaxErrorOf(xml: string): XmlSyntaxError {
  try {
    tokens(xml);
  } catch (error) {
    if (error instanceof XmlSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected a syntax error for ${xml}`);
}

describe('tokenizeXml', () => {
  it('reports elements, attributes and text as offsets', () => {
    expect(tokens('<a x="1" y=\'2\'>hi</a>')).toEqual([
      'start a',
      'attr x=1',
      'attr y=2',
      'open',
      'text hi',
      'end a',
    ]);
  });

  it('keeps ">" and the other quote inside quoted attribute values', () => {
    expect(tokens('<a href="x>y" t=\'say "hi"\'/>')).toEqual([
      'start a',
      'attr href=x>y',
      'attr t=say "hi"',
      'self-close',
    ]);
  });

  it('handles self-closing tags with and without a space, and spaces around "="', () => {
    expect(tokens('<r><a/><b /><c x = "1" /></r>')).toEqual([
      'start r',
      'open',
      'start a',
      'self-close',
      'start b',
      'self-close',
      'start c',
      'attr x=1',
      'self-close',
      'end r',
    ]);
  });

  it('reports CDATA whole, with markup and "]]" inside left alone', () => {
    expect(tokens('<a><![CDATA[<b>&amp; ]] ]]></a>')).toEqual([
      'start a',
      'open',
      'cdata <![CDATA[<b>&amp; ]] ]]>',
      'end a',
    ]);
  });

  it('reports comments, processing instructions and the XML declaration', () => {
    expect(tokens('<?xml version="1.0"?><!-- a <b> --><a><?pi x?></a>')).toEqual([
      'pi <?xml version="1.0"?>',
      'comment <!-- a <b> -->',
      'start a',
      'open',
      'pi <?pi x?>',
      'end a',
    ]);
  });

  it('reads a DOCTYPE with an internal subset containing ">"', () => {
    expect(tokens('<!DOCTYPE a [<!ENTITY e "x>y">]><a/>')).toEqual([
      'doctype <!DOCTYPE a [<!ENTITY e "x>y">]>',
      'start a',
      'self-close',
    ]);
  });

  it('keeps entities escaped in text and attributes', () => {
    expect(tokens('<a t="&lt;&quot;">&amp;&#x1;</a>')).toEqual([
      'start a',
      'attr t=&lt;&quot;',
      'open',
      'text &amp;&#x1;',
      'end a',
    ]);
  });

  it('accepts prefixed names and namespace declarations', () => {
    expect(tokens('<s:E xmlns:s="urn:s" xmlns=""><s:B/></s:E>')).toEqual([
      'start s:E',
      'attr xmlns:s=urn:s',
      'attr xmlns=',
      'open',
      'start s:B',
      'self-close',
      'end s:E',
    ]);
  });

  it('accepts non-ASCII names and text', () => {
    expect(tokens('<café nom="漢字">😀</café>')).toEqual([
      'start café',
      'attr nom=漢字',
      'open',
      'text 😀',
      'end café',
    ]);
  });

  it('reports a mismatched closing tag with its line and column', () => {
    const error = syntaxErrorOf('<a>\n  <b></c>\n</a>');
    expect(error.reason).toBe('Closing tag </c> does not match <b>');
    expect(error.line).toBe(2);
    expect(error.column).toBe(6);
    expect(error.message).toContain('line 2, column 6');
  });

  it.each([
    ['<a>', 'Element <a> is not closed'],
    ['<a x=1/>', 'Attribute x needs a quoted value'],
    ['<a x="1/>', 'Unclosed attribute value'],
    ['<a x="<"/>', '"<" is not allowed in an attribute value'],
    ['<a><!-- x</a>', 'Unclosed comment'],
    ['<a><![CDATA[x</a>', 'Unclosed CDATA section'],
    ['</a>', 'Closing tag </a> has no opening tag'],
    ['<a', 'Unclosed start tag <a'],
    ['< a/>', 'Expected an element name after "<" but found " a/>"'],
    ['<a x="1"y="2"/>', 'Expected a space, ">" or "/>" but found "y=\\"2\\"/>"'],
    ['<a>x ]]> y</a>', '"]]>" is not allowed in text'],
    ['<a><!x></a>', 'Unknown markup "<!x></a>"'],
  ])('rejects %j with a clear error', (xml, reason) => {
    expect(syntaxErrorOf(xml).reason).toBe(reason);
  });

  it('is lenient about several top-level elements and text outside them', () => {
    expect(tokens('x<a/><b/>')).toEqual([
      'text x',
      'start a',
      'self-close',
      'start b',
      'self-close',
    ]);
  });

  it('reports progress while reading long input', () => {
    const xml = `<r>${'<s>x</s>'.repeat(1000)}</r>`;
    const offsets: number[] = [];
    tokenizeXml(
      xml,
      { ...tokensIgnored() },
      { progressEvery: 1000, onProgress: (o) => offsets.push(o) },
    );
    expect(offsets.length).toBeGreaterThan(5);
    expect(offsets[offsets.length - 1]).toBe(xml.length);
  });

  it('stays linear on a one-line payload of 200,000 elements', () => {
    const xml = `<r>${'<s a="1">x</s>'.repeat(200_000)}</r>`;
    let count = 0;
    tokenizeXml(xml, { ...tokensIgnored(), startTag: () => (count += 1) });
    expect(count).toBe(200_001);
  });
});

function tokensIgnored(): XmlTokenHandler {
  const nothing = () => {};
  return {
    startTag: nothing,
    attribute: nothing,
    startTagEnd: nothing,
    endTag: nothing,
    text: nothing,
    cdata: nothing,
    comment: nothing,
    processingInstruction: nothing,
    doctype: nothing,
  };
}
