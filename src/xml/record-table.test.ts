import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeXml } from './analyze-xml.ts';
import { extractRecordTable, simpleElementText } from './record-table.ts';
import { decodeAttributeValue } from './reader/xml-values.ts';
import { NODE_ELEMENT, rootElement } from './xml-index.ts';

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
    expect(result?.values.map((column) => column.slice())).toEqual([
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

  it('gives each cell its value whether it is read as written or decoded', () => {
    const result = table(
      '<r><s a=" x " b="p&amp;q"><t>  two words\n</t><u>\u00a0nbsp\u00a0</u><v/><w>a<!-- c -->b</w>' +
        '<x></x><x>second</x><y>one</y><y>\u3000</y><y>three</y></s></r>',
    );
    const cells = Object.fromEntries(
      (result?.columns ?? []).map((column, c) => [column.key, result?.values[c]?.at(0)]),
    );
    expect(cells).toEqual({
      '@a': ' x ',
      '@b': 'p&q',
      t: 'two words',
      u: 'nbsp',
      v: '',
      w: 'ab',
      x: 'second',
      y: 'one; ; three',
    });
  });

  it('gives line breaks and, in attributes, white space the values XML gives them', () => {
    const result = table(
      '<r><s a="one\r\ntwo\tthree\nfour\rfive" b="kept&#9;tab&#10;lf&#13;cr">' +
        '<t>x\r\ny\rz</t><u><![CDATA[p\r\nq]]></u><v>tab\tstays</v></s></r>',
    );
    const cells = Object.fromEntries(
      (result?.columns ?? []).map((column, c) => [column.key, result?.values[c]?.at(0)]),
    );
    expect(cells).toEqual({
      '@a': 'one two three four five',
      '@b': 'kept\ttab\nlf\rcr',
      t: 'x\ny\nz',
      u: 'p\nq',
      v: 'tab\tstays',
    });
  });

  it('reads every cell as the decoded text of its attribute or field (property)', () => {
    const part = fc.constantFrom(
      'v',
      'Harbour 12',
      ' ',
      '\n',
      '\r\n',
      '\r',
      '\t',
      '&#9;',
      '&#13;',
      '\u00a0',
      '\u2028',
      '&amp;',
      '&#x41;',
      '<![CDATA[ c ]]>',
      '<!-- c -->',
      'é',
    );
    const text = fc.array(part, { maxLength: 5 }).map((parts) => parts.join(''));
    const attributeValue = text.map((t) => t.replace(/<!\[CDATA\[ c ]]>|<!-- c -->/g, ''));
    const field = fc.tuple(fc.constantFrom('T', 'U', 'V'), text, fc.boolean());
    const record = fc
      .tuple(fc.array(fc.tuple(fc.constantFrom('a', 'b'), attributeValue)), fc.array(field))
      .map(([attributes, fields]) => {
        const written = new Map(attributes);
        const attributeText = [...written].map(([n, v]) => ` ${n}="${v}"`).join('');
        const fieldText = fields
          .map(([name, t, empty]) => (empty && t === '' ? `<${name}/>` : `<${name}>${t}</${name}>`))
          .join('');
        return `<S${attributeText}>${fieldText}</S>`;
      });
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 6 }), (records) => {
        const xml = `<R>${records.join('')}</R>`;
        const { index } = analyzeXml(xml);
        if (!index) throw new Error('no index');
        const result = extractRecordTable(xml, index);
        if (!result) throw new Error('no table');
        const expected = result.columns.map(() => new Array<string>(records.length).fill(''));
        const root = rootElement(index);
        let row = 0;
        for (let s = index.firstChild[root] ?? -1; s !== -1; s = index.nextSibling[s] ?? -1) {
          if (index.kind[s] !== NODE_ELEMENT) continue;
          const from = index.attrStart[s] ?? 0;
          for (let a = from; a < from + (index.attrCount[s] ?? 0); a++) {
            const key = `@${index.names[index.attrNameId[a] ?? -1] ?? ''}`;
            const c = result.columns.findIndex((column) => column.key === key);
            expected[c]![row] = decodeAttributeValue(
              xml.slice(index.attrValueStart[a], index.attrValueEnd[a]),
            );
          }
          for (let f = index.firstChild[s] ?? -1; f !== -1; f = index.nextSibling[f] ?? -1) {
            const key = index.names[index.nameId[f] ?? -1] ?? '';
            const c = result.columns.findIndex((column) => column.key === key);
            const value = simpleElementText(xml, index, f) ?? '';
            const earlier = expected[c]![row]!;
            expected[c]![row] = earlier ? `${earlier}; ${value}` : value;
          }
          row += 1;
        }
        expect(result.values.map((column) => column.slice())).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
