import { describe, expect, it } from 'vitest';
import { analyzeXml } from './analyze-xml.ts';
import { extractRecordTable } from './record-table.ts';
import { recordTableHead } from './record-table-head.ts';

const stub = (n: number) =>
  `<Stub ID="${n}"><Title>T &amp; ${n}</Title>${n === 3 ? '<Late>x</Late>' : ''}</Stub>`;
const doc = (count: number) =>
  `<?xml version="1.0"?>\n<AssetStubs>${Array.from({ length: count }, (_, i) => stub(i + 1)).join('\n')}</AssetStubs>`;

describe('recordTableHead', () => {
  it('gives the first records with the same cells as the whole table', () => {
    const xml = doc(50);
    const head = recordTableHead(xml, 10);
    const whole = extractRecordTable(xml, analyzeXml(xml).index!);
    expect(head?.recordName).toBe('Stub');
    expect(head?.records).toHaveLength(10);
    expect(head?.columns.map((c) => c.key)).toEqual(['@ID', 'Title', 'Late']);
    head?.values.forEach((column, c) =>
      expect(column.slice()).toEqual(whole?.values[c]?.slice(0, 10)),
    );
  });

  it('counts self-closing records and stops after the wanted number', () => {
    const xml = `<R>${'<S a="1"/>'.repeat(5)}<broken</R>`;
    expect(recordTableHead(xml, 3)?.values[0]?.slice()).toEqual(['1', '1', '1']);
  });

  it('is null for a short document, malformed start or no records', () => {
    expect(recordTableHead(doc(5), 10)).toBeNull();
    expect(recordTableHead('<R><S></T></R>', 1)).toBeNull();
    expect(recordTableHead('<R>text only</R>', 1)).toBeNull();
  });
});
