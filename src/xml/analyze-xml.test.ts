import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeXml, XmlAnalyzer } from './analyze-xml.ts';
import { canonicalXml } from './canonical-xml.test-helper.ts';
import { randomElement } from './random-xml.test-helper.ts';
import {
  childrenOf,
  NODE_CDATA,
  NODE_ELEMENT,
  NODE_TEXT,
  nodeName,
  rootElement,
} from './xml-index.ts';
import { XmlSyntaxError } from './reader/xml-syntax-error.ts';

const STUBS =
  '<?xml version="1.0" encoding="utf-8"?><AssetStubs xmlns=""><Stub ID="1" Type="UserAssetIndex" ServiceURI="http://a/?x=1&amp;y=2" MediaType="image"><Title>Tom &amp; Jerry</Title></Stub><Stub ID="2" Type="UserAssetIndex" ServiceURI="http://b/" MediaType="video"><Title>b</Title></Stub></AssetStubs>';

describe('analyzeXml pretty-printing', () => {
  it('puts one tag per line, short text inline, indented by two spaces', () => {
    expect(analyzeXml(STUBS).pretty.toString()).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<AssetStubs xmlns="">',
        '  <Stub ID="1" Type="UserAssetIndex" ServiceURI="http://a/?x=1&amp;y=2" MediaType="image">',
        '    <Title>Tom &amp; Jerry</Title>',
        '  </Stub>',
        '  <Stub ID="2" Type="UserAssetIndex" ServiceURI="http://b/" MediaType="video">',
        '    <Title>b</Title>',
        '  </Stub>',
        '</AssetStubs>',
        '',
      ].join('\n'),
    );
  });

  it('re-indents an already indented document the same way', () => {
    const once = analyzeXml(STUBS).pretty.toString();
    expect(analyzeXml(once).pretty.toString()).toBe(once);
  });

  it('keeps empty elements, CDATA, comments and mixed content', () => {
    const xml = '<a><e></e><f/><c><![CDATA[<x>]]></c><!-- note --><m>one<b>two</b>three</m></a>';
    expect(analyzeXml(xml).pretty.toString()).toBe(
      [
        '<a>',
        '  <e></e>',
        '  <f/>',
        '  <c><![CDATA[<x>]]></c>',
        '  <!-- note -->',
        '  <m>',
        '    one',
        '    <b>two</b>',
        '    three',
        '  </m>',
        '</a>',
        '',
      ].join('\n'),
    );
  });

  it('breaks a long one-line text out of its element', () => {
    const long = 'x'.repeat(500);
    expect(analyzeXml(`<a>${long}</a>`).pretty.toString()).toBe(`<a>\n  ${long}\n</a>\n`);
  });

  it('puts a start tag written over several lines on one line', () => {
    const pretty = analyzeXml('<a\n  x="1"\n  y="line\nbreak"><b/></a>').pretty.toString();
    expect(pretty).toBe('<a x="1" y="line break">\n  <b/>\n</a>\n');
  });

  it('counts lines, including line breaks inside text and comments', () => {
    const result = analyzeXml('<a><!--\n1\n2\n--><b>x</b></a>');
    expect(result.pretty.toString().split('\n').length - 1).toBe(result.prettyLineCount);
    expect(result.prettyLineCount).toBe(7);
  });

  it('never produces a line much longer than a tag on a one-line 100,000-stub payload', () => {
    const xml = `<AssetStubs>${'<Stub ID="1" MediaType="image"><Title>t</Title></Stub>'.repeat(100_000)}</AssetStubs>`;
    const { pretty, prettyLineCount } = analyzeXml(xml);
    expect(pretty.pieces.length).toBeGreaterThan(1);
    expect(prettyLineCount).toBe(300_002);
    expect(
      Math.max(
        ...pretty
          .slice(0, 10_000)
          .split('\n')
          .map((l) => l.length),
      ),
    ).toBeLessThan(60);
  });

  it('throws a located XmlSyntaxError on malformed input', () => {
    expect(() => analyzeXml('<a><b></a>')).toThrow(XmlSyntaxError);
  });
});

describe('analyzeXml fold and tree index', () => {
  it('maps the line of each multi-line element to the line of its close tag', () => {
    const { foldEnd } = analyzeXml(STUBS);
    expect(Array.from(foldEnd)).toEqual([-1, 8, 4, -1, -1, 7, -1, -1, -1]);
  });

  it('gives the same fold index with and without the tree index', () => {
    const xml = '<a><b><c>1</c><d><e/></d></b><f>x</f></a>';
    expect(Array.from(analyzeXml(xml, { buildIndex: false }).foldEnd)).toEqual(
      Array.from(analyzeXml(xml).foldEnd),
    );
    expect(analyzeXml(xml, { buildIndex: false }).index).toBeNull();
  });

  it('indexes elements with names, attributes, children, offsets and lines', () => {
    const { index } = analyzeXml(STUBS);
    if (!index) throw new Error('no index');
    const root = rootElement(index);
    expect(nodeName(index, root)).toBe('AssetStubs');
    const stubs = childrenOf(index, root);
    expect(stubs.map((s) => nodeName(index, s))).toEqual(['Stub', 'Stub']);
    const first = stubs[0] ?? -1;
    expect(index.attrCount[first]).toBe(4);
    const attr = (index.attrStart[first] ?? 0) + 2;
    expect(index.names[index.attrNameId[attr] ?? -1]).toBe('ServiceURI');
    expect(STUBS.slice(index.attrValueStart[attr], index.attrValueEnd[attr])).toBe(
      'http://a/?x=1&amp;y=2',
    );
    expect(STUBS.slice(index.start[first], index.end[first])).toMatch(/^<Stub ID="1".*<\/Stub>$/);
    expect([index.line[first], index.endLine[first]]).toEqual([2, 4]);
    const title = childrenOf(index, first)[0] ?? -1;
    const text = childrenOf(index, title)[0] ?? -1;
    expect(index.kind[title]).toBe(NODE_ELEMENT);
    expect(index.kind[text]).toBe(NODE_TEXT);
    expect(STUBS.slice(index.start[text], index.end[text])).toBe('Tom &amp; Jerry');
    expect(index.line[text]).toBe(3);
    expect(index.elementChildCount[root]).toBe(2);
  });

  it('indexes CDATA as its own node kind', () => {
    const { index } = analyzeXml('<a><![CDATA[x]]></a>');
    expect(index?.kind[2]).toBe(NODE_CDATA);
  });
});

describe('analyzeXml escaping report', () => {
  it('flags text that decodes to markup (XML embedded as escaped text)', () => {
    const { escaping } = analyzeXml('<a><b>&lt;Stub ID="1"/&gt;</b><c>a &lt; b</c></a>');
    expect(escaping.escapedMarkupTextNodes).toBe(1);
    expect(escaping.doubleEscapedTextNodes).toBe(0);
    expect(escaping.firstOffset).toBe(6);
  });

  it('flags double escaping (&amp;lt;)', () => {
    const { escaping } = analyzeXml('<a>&amp;lt;Stub/&amp;gt;</a>');
    expect(escaping.doubleEscapedTextNodes).toBe(1);
  });

  it('flags markup inside CDATA', () => {
    expect(analyzeXml('<a><![CDATA[<Stub/>]]></a>').escaping.markupInCdataNodes).toBe(1);
  });

  it('recognises a payload that is still escaped XML as a whole', () => {
    const result = analyzeXml('&lt;AssetStubs&gt;&lt;Stub/&gt;&lt;/AssetStubs&gt;');
    expect(result.escaping.payloadIsEscapedXml).toBe(true);
    expect(result.topLevelElementCount).toBe(0);
  });

  it('does not flag ordinary text', () => {
    const { escaping } = analyzeXml(STUBS);
    expect(escaping).toMatchObject({
      doubleEscapedTextNodes: 0,
      escapedMarkupTextNodes: 0,
      markupInCdataNodes: 0,
      payloadIsEscapedXml: false,
    });
  });
});

describe('analyzeXml round-trip', () => {
  it('never changes the information set of a random document', () => {
    fc.assert(
      fc.property(randomElement, fc.boolean(), (xml, withDecl) => {
        const doc = (withDecl ? '<?xml version="1.0"?>\n' : '') + xml;
        const pretty = analyzeXml(doc).pretty.toString();
        expect(canonicalXml(pretty)).toBe(canonicalXml(doc));
        // Pretty-printing is idempotent.
        expect(analyzeXml(pretty).pretty.toString()).toBe(pretty);
      }),
      { numRuns: 400 },
    );
  });
});

describe('analyzeXml index-only pass', () => {
  it('gives the same index and line count without writing the pretty text', () => {
    const xml = '<a>\r\n<!-- x\ny --><b t="1\n2">text</b><c><![CDATA[q]]></c></a>';
    const full = analyzeXml(xml);
    const indexOnly = analyzeXml(xml, { emitPretty: false });
    expect(indexOnly.pretty.toString()).toBe('');
    expect(indexOnly.prettyLineCount).toBe(full.prettyLineCount);
    expect(Array.from(indexOnly.index?.line ?? [])).toEqual(Array.from(full.index?.line ?? []));
    expect(Array.from(indexOnly.foldEnd)).toEqual(Array.from(full.foldEnd));
  });
});

describe('XmlAnalyzer.endInSteps', () => {
  it('builds the index a column per step, equal to what end() gives at once', () => {
    const xml = `<a x="1">${'<b t="2">text<!-- c --></b>'.repeat(50)}</a>`;
    const atOnce = new XmlAnalyzer({});
    atOnce.write(xml);
    const whole = atOnce.end();
    const stepped = new XmlAnalyzer({});
    stepped.write(xml);
    const steps = stepped.endInSteps();
    let count = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) count += 1;
    // One step per node column (15): no single task copies them all.
    expect(count).toBeGreaterThanOrEqual(15);
    const { index, ...rest } = step.value;
    const { index: wholeIndex, ...wholeRest } = whole;
    expect(rest).toEqual(wholeRest);
    expect(index).toEqual(wholeIndex);
  });

  it('throws what end() throws, at its first step', () => {
    const analyzer = new XmlAnalyzer({});
    analyzer.write('<a><b>');
    expect(() => analyzer.endInSteps().next()).toThrow(XmlSyntaxError);
  });
});

describe('analyzeXml head', () => {
  it('hands over the first whole lines early, as a prefix of the final text', () => {
    const xml = `<r>${'<s a="1"><t>x</t></s>'.repeat(2000)}</r>`;
    const heads: string[] = [];
    const pretty = analyzeXml(xml, {
      onHead: (head) => heads.push(head),
      headChars: 1000,
    }).pretty.toString();
    expect(heads).toHaveLength(1);
    const head = heads[0] ?? '';
    expect(head.length).toBeGreaterThanOrEqual(1000);
    expect(head.length).toBeLessThan(1100);
    expect(head.endsWith('\n')).toBe(true);
    expect(pretty.startsWith(head)).toBe(true);
  });
});
