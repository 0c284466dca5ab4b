import { describe, expect, it } from 'vitest';
import { analyzeXml } from './analyze-xml.ts';
import { extractRecordTable } from './record-table.ts';

function table(xml: string) {
  const { index } = analyzeXml(xml);
  if (!index) throw new Error('no index');
  return extractRecordTable(xml, index);
}

describe('extractRecordTable', () => {
  it('makes one row per record with attribute and simple-child columns', () => {
    const result = table(
      '<AssetStubs xmlns=""><Stub ID="1" MediaType="image"><Title>A &amp; B</Title></Stub>' +
        '<Stub ID="2" Extra="x"><Title><![CDATA[<b>]]></Title><Tag>t1</Tag><Tag>t2</Tag></Stub></AssetStubs>',
    );
    expect(result?.rootName).toBe('AssetStubs');
    expect(result?.recordName).toBe('Stub');
    expect(result?.columns.map((c) => c.label)).toEqual([
      'ID',
      'MediaType',
      'Title',
      'Extra',
      'Tag',
    ]);
    expect(result?.values).toEqual([
      ['1', '2'],
      ['image', ''],
      ['A & B', '<b>'],
      ['', 'x'],
      ['', 't1; t2'],
    ]);
    expect(result?.records.length).toBe(2);
  });

  it('skips complex children and picks the most frequent record name', () => {
    const result = table('<r><meta/><s a="1"><deep><x/></deep></s><s a="2"/></r>');
    expect(result?.recordName).toBe('s');
    expect(result?.otherChildren).toBe(1);
    expect(result?.columns.map((c) => c.key)).toEqual(['@a']);
  });

  it('labels an attribute @name when a child element has the same name', () => {
    const result = table('<r><s ID="1"><ID>x</ID></s></r>');
    expect(result?.columns.map((c) => c.label)).toEqual(['@ID', 'ID']);
  });

  it('returns null for an empty root or no root', () => {
    expect(table('<AssetStubs xmlns="" />')).toBeNull();
    expect(table('just text')).toBeNull();
  });
});
