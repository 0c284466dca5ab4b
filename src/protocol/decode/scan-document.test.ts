import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomElement } from '../../xml/random-xml.test-helper.ts';
import { cutInPieces } from '../test-support/cut-in-pieces.ts';
import { MalformedXml } from './malformed-xml.ts';
import { DocumentScanner, DoctypeRefused, scanDocument } from './scan-document.ts';
import { WarningSink } from './xml-text.ts';

const scan = (xml: string) => scanDocument(xml, new WarningSink());

describe('scanDocument', () => {
  it.each([
    '<a/>',
    '<a />',
    '<a></a >',
    '<a\n  x="1"\n\ty=\'&gt;>\'\n/>',
    '<?xml version="1.0"?>\n<!-- c --><a><?pi x?><![CDATA[<&]]>&#x1F600;&#65;</a>\n<!-- end -->\n',
    '<p:a xmlns:p="u"><p:b/></p:a>',
    '<a x="&quot;&apos;&amp;&lt;&gt;"/>',
  ])('accepts %j', (xml) => {
    expect(() => scan(xml)).not.toThrow();
  });

  it.each([
    ['', /^No root element: expected an element/],
    ['<a>', /^The document ends before <a> is closed: expected <\/a> \(line 1, column 4\)/],
    ['<a></b>', /^The end tag <\/b> does not match <a>: expected <\/a>/],
    ['<a></ab>', /does not match <a>/],
    ['<ab></a>', /does not match <ab>/],
    ['</a>', /^The end tag <\/a> has no start tag/],
    ['<a/><b/>', /^A second root element <b>/],
    ['x<a/>', /^Text before the root element/],
    ['<a/>x', /^Text after the root element/],
    ['<a x=1/>', /^The attribute x needs a quoted value/],
    ['<a x="<"/>', /^"<" is not allowed in an attribute value/],
    ['<a>&amp</a>', /^A bare "&"/],
    ['<a>&foo;</a>', /^The entity &foo; is not declared/],
    ['<a>&#xZZ;</a>', /^A malformed character reference/],
    ['<a>&#x110000;</a>', /is beyond U\+10FFFF/],
    ['<a><!-- x</a>', /^A comment is not closed/],
    ['<a><![CDATA[x</a>', /^A CDATA section is not closed/],
    ['<a/><?xml version="1.0"?>', /^<\?xml is reserved/],
    ['<a><!ELEMENT x></a>', /^Unknown markup/],
    ['<p:a/>', /^The prefix "p" of <p:a> is not declared/],
  ])('refuses %j', (xml, message) => {
    expect(() => scan(xml)).toThrow(MalformedXml);
    expect(() => scan(xml)).toThrow(message);
  });

  it('refuses a DOCTYPE in the prolog and inside CDATA, comments and PIs', () => {
    for (const xml of [
      '<!DOCTYPE a><a/>',
      '<a><![CDATA[<!DOCTYPE a>]]></a>',
      '<a><!--<!DOCTYPE a>--></a>',
      '<a><?x <!DOCTYPE a>?></a>',
    ]) {
      expect(() => scan(xml)).toThrow(DoctypeRefused);
    }
  });

  it('finds DataStubs by local name with its in-scope namespaces and top-level elements', () => {
    const xml =
      '<r xmlns="urn:r" xmlns:i="urn:i"><i:DataStubs xmlns:j="urn:j"> <x a="1"/><y/> </i:DataStubs><DataStubs/></r>';
    const { regions } = scan(xml);
    expect(regions).toHaveLength(2);
    const [first, second] = regions;
    expect(first?.qname).toBe('i:DataStubs');
    expect(xml.slice(first?.contentStart, first?.contentEnd)).toBe(' <x a="1"/><y/> ');
    expect([...(first?.inScope ?? [])]).toEqual([
      ['', 'urn:r'],
      ['i', 'urn:i'],
      ['j', 'urn:j'],
    ]);
    expect(
      first?.topLevelElements.map((e) => [xml.slice(e.start, e.nameEnd), e.attributes]),
    ).toEqual([
      ['<x', ' a="1"'],
      ['<y', ''],
    ]);
    expect(second?.selfClosing).toBe(true);
  });

  it('warns about invalid character references and raw control characters, keeping going', () => {
    const sink = new WarningSink();
    scanDocument('<a b="&#x1;">x\u0002y&#1;</a>', sink);
    expect(sink.warnings.map((w) => w.code).sort()).toEqual([
      'invalid-character',
      'invalid-character-reference',
      'invalid-character-reference',
    ]);
  });
});

/** What a scan found, or what it refused, with the warnings it gave: comparable with toEqual. */
function verdict(feed: (scanner: DocumentScanner) => void): unknown {
  const scanner = new DocumentScanner(new WarningSink());
  try {
    feed(scanner);
    const { regions } = scanner.finish();
    return { regions, warnings: scanner.sink.warnings };
  } catch (error) {
    if (!(error instanceof MalformedXml)) throw error;
    return { refused: error.constructor.name, message: error.message };
  }
}

const whole = (xml: string) => verdict((scanner) => scanner.push(xml));

function inPieces(xml: string, cuts: readonly number[]): unknown {
  return verdict((scanner) => {
    for (const piece of cutInPieces(xml, cuts)) scanner.push(piece);
  });
}

describe('DocumentScanner: the same scan whatever the pieces', () => {
  const documents = [
    '<?xml version="1.0"?>\n<!-- c --><a><?pi x?><![CDATA[<&]]>&#x1F600;&#65;</a>\n',
    '<r xmlns="urn:r" xmlns:i="urn:i"><i:DataStubs xmlns:j="urn:j"> <x a="1"/><y b="&amp;"/> </i:DataStubs><DataStubs/></r>',
    '<a b="&#x1;">x\u0002y&#1;<DataStubs>&lt;s/&gt;</DataStubs></a>',
    '<a><DataStubs><![CDATA[<s/>]]></DataStubs></a>',
    '<a><![CDATA[<!DOCTYPE a>]]></a>',
    '<a><!--<!DOCTYPE a>--></a>',
    '<a></b>',
    '<a x="<"/>',
    '<a>&foo;</a>',
    '<p:a/>',
    '<a><DataStubs><x></DataStubs></a>',
    '<a>',
  ];

  it.each(documents)('cut anywhere in two, or into single characters: %j', (xml) => {
    const expected = whole(xml);
    for (let cut = 0; cut <= xml.length; cut += 1) expect(inPieces(xml, [cut])).toEqual(expected);
    expect(
      inPieces(
        xml,
        [...xml].map((_, i) => i),
      ),
    ).toEqual(expected);
  });

  it('for random documents with DataStubs, cut at random places', () => {
    fc.assert(
      fc.property(
        randomElement,
        randomElement,
        fc.array(fc.nat(), { maxLength: 8 }),
        (before, payload, cuts) => {
          const xml = `<e xmlns:x="urn:e">${before}<x:DataStubs>${payload}</x:DataStubs></e>`;
          expect(inPieces(xml, cuts)).toEqual(whole(xml));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ignores what follows a refusal, and finish keeps answering the same', () => {
    const scanner = new DocumentScanner(new WarningSink());
    scanner.push('<a></b>');
    scanner.push('<c/>');
    expect(() => scanner.finish()).toThrow(/does not match <a>/);
    expect(() => scanner.finish()).toThrow(/does not match <a>/);
  });
});
