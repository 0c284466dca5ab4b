import { describe, expect, it } from 'vitest';
import { firstTableRows } from './first-table-rows.ts';
import { recordTableHead } from './core/record-table-head.ts';
import { tableForPage } from './worker/table-transfer.ts';

const LIMIT = 50 * 1024 * 1024;
const stubs = (count: number, title: (n: number) => string = (n) => `T &amp; ${n}`) =>
  `<AssetStubs>${Array.from({ length: count }, (_, n) => `<Stub ID="${n}"><Title>${title(n)}</Title></Stub>`).join('\n')}</AssetStubs>`;

describe('firstTableRows', () => {
  it("gives the worker's preview of a large payload, read from a prefix", () => {
    const xml = stubs(20_000);
    const rows = firstTableRows(xml, LIMIT);
    const [fromWorker] = tableForPage(recordTableHead(xml, 200)!);
    expect(rows?.records).toHaveLength(200);
    expect(rows).toEqual(fromWorker);
  });

  it('is null for a payload small enough that the whole table comes at once, or over the limit', () => {
    expect(firstTableRows(stubs(300), LIMIT)).toBeNull();
    const large = stubs(20_000);
    expect(firstTableRows(large, large.length - 1)).toBeNull();
  });

  it('is null when the first records do not end within the prefix', () => {
    const huge = stubs(300, () => 'x'.repeat(4_000));
    expect(huge.length).toBeGreaterThan(1024 * 1024);
    expect(firstTableRows(huge, LIMIT)).toBeNull();
    expect(recordTableHead(huge, 200)?.records).toHaveLength(200);
  });
});
