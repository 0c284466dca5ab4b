import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeXml, XmlAnalyzer } from './analyze-xml.ts';
import { randomElement } from './random-xml.test-helper.ts';
import { describeXmlSummary, summaryOfIndex } from './xml-summary.ts';
import { summarizeXml, XmlSummaryScan } from './xml-summary-scan.ts';

describe('summarizeXml', () => {
  it("counts the single root's children by name, in first-seen order", () => {
    const s = summarizeXml(
      '<AssetStubs xmlns=""><Stub ID="1"><Title>a</Title></Stub><Meta/><Stub ID="2"/></AssetStubs>',
    );
    expect(s).toEqual({
      root: 'AssetStubs',
      counts: [
        { name: 'Stub', count: 2 },
        { name: 'Meta', count: 1 },
      ],
      wellFormed: true,
    });
    expect(describeXmlSummary(s)).toBe('<AssetStubs> holds 2 × Stub, 1 × Meta');
  });

  it('counts top-level elements when there are several', () => {
    const s = summarizeXml('<A/><A/><B></B>');
    expect(s.root).toBeNull();
    expect(describeXmlSummary(s)).toBe('Top level: 2 × A, 1 × B');
  });

  it('ignores markup inside comments, CDATA, processing instructions and attribute values', () => {
    const s = summarizeXml(
      '<?xml version="1.0"?><!-- <X/> --><R a="&lt;Y>" b=\'>\'><![CDATA[<Z/>]]><C/></R>',
    );
    expect(s.root).toBe('R');
    expect(s.counts).toEqual([{ name: 'C', count: 1 }]);
    expect(s.wellFormed).toBe(true);
  });

  it('says when the text is not well-formed, without throwing', () => {
    for (const bad of ['<a><b></a>', '<a', 'plain text', '</a>', '<a><!-- never closed']) {
      const s = summarizeXml(bad);
      expect(describeXmlSummary(s)).toEqual(expect.any(String));
    }
    expect(summarizeXml('<a><b>').wellFormed).toBe(false);
    expect(summarizeXml('<a').wellFormed).toBe(false);
    expect(describeXmlSummary(summarizeXml(''))).toBe('No elements');
  });

  it('gives the reader\'s verdict: a "<" in an attribute value is not XML', () => {
    expect(summarizeXml('<R a="<Y>"/>').wellFormed).toBe(false);
    expect(summarizeXml('<.doc/>').wellFormed).toBe(false);
    expect(summarizeXml('<a>&#x1;</a>').wellFormed).toBe(true);
  });

  it('reads the same in slices as whole', () => {
    const xml = `<R>${'<Stub a="1">x &amp; y</Stub>'.repeat(50)}<Other/></R>`;
    const scan = new XmlSummaryScan(xml);
    while (!scan.step(7));
    expect(scan.result()).toEqual(summarizeXml(xml));
    expect(scan.result().counts).toEqual([
      { name: 'Stub', count: 50 },
      { name: 'Other', count: 1 },
    ]);
  });

  it('describes an empty root', () => {
    expect(describeXmlSummary(summarizeXml('<AssetStubs xmlns="" />'))).toBe(
      '<AssetStubs> is empty',
    );
  });
});

describe('summaryOfIndex', () => {
  const fromIndex = (xml: string) => {
    const { index } = analyzeXml(xml, { emitPretty: false });
    if (!index) throw new Error('no index');
    return summaryOfIndex(index);
  };

  it("counts the single root's children, or the top level, as the scan does", () => {
    for (const xml of [
      '<AssetStubs xmlns=""><Stub ID="1"><Title>a</Title></Stub><Meta/><Stub ID="2"/></AssetStubs>',
      '<A/><A/><B></B>',
      '<A/>',
      '',
      'text only',
      'text<A><B/>x<B/></A> more',
      '<?xml version="1.0"?><!-- <X/> --><R><![CDATA[<Z/>]]><C/><?p <Y/>?></R><!-- after -->',
      '<x:A xmlns:x="urn:a"><x:B/><B/><x:B/></x:A>',
    ]) {
      expect(fromIndex(xml), xml).toEqual(summarizeXml(xml));
    }
    expect(fromIndex('<A><B/><C/><B/></A>')).toEqual({
      root: 'A',
      counts: [
        { name: 'B', count: 2 },
        { name: 'C', count: 1 },
      ],
      wellFormed: true,
    });
  });

  it('agrees with the scan on random documents, alone or several at the top level', () => {
    fc.assert(
      fc.property(fc.array(randomElement, { minLength: 1, maxLength: 3 }), (elements) => {
        const xml = elements.join('\n');
        expect(fromIndex(xml)).toEqual(summarizeXml(xml));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the scan when the index was built from parts, as a streamed answer is', () => {
    fc.assert(
      fc.property(
        fc.array(randomElement, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 40 }),
        (elements, partLength) => {
          const xml = elements.join('');
          const analyzer = new XmlAnalyzer({ emitPretty: false });
          for (let at = 0; at < xml.length; at += partLength)
            analyzer.write(xml.slice(at, at + partLength));
          const { index } = analyzer.end();
          if (!index) throw new Error('no index');
          expect(summaryOfIndex(index)).toEqual(summarizeXml(xml));
        },
      ),
      { numRuns: 200 },
    );
  });
});
