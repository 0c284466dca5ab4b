import { describe, expect, it } from 'vitest';
import { MalformedXml } from './malformed-xml.ts';
import { DoctypeRefused, scanDocument } from './scan-document.ts';
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
    ['', /no root/],
    ['<a>', /ends inside <a>/],
    ['<a></b>', /<\/b> where <\/a> was expected/],
    ['<a></ab>', /where <\/a> was expected/],
    ['<ab></a>', /where <\/ab> was expected/],
    ['</a>', /stray/],
    ['<a/><b/>', /second root/],
    ['x<a/>', /text outside/],
    ['<a/>x', /text outside/],
    ['<a x=1/>', /malformed tag/],
    ['<a x="<"/>', /malformed tag/],
    ['<a>&amp</a>', /bare &/],
    ['<a>&foo;</a>', /undeclared entity/],
    ['<a>&#xZZ;</a>', /malformed character reference/],
    ['<a>&#x110000;</a>', /outside Unicode/],
    ['<a><!-- x</a>', /unclosed comment/],
    ['<a><![CDATA[x</a>', /unclosed CDATA/],
    ['<a/><?xml version="1.0"?>', /misplaced/],
    ['<a><!ELEMENT x></a>', /unknown <!/],
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
