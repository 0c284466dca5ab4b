import { describe, expect, it } from 'vitest';
import { describeXmlSummary, summarizeXml, XmlSummaryScan } from './xml-summary.ts';

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
