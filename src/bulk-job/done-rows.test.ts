import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DoneRows, notDone } from './done-rows.ts';

describe('DoneRows', () => {
  it('keeps a prefix and the rows beyond it, whatever the order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 200 }), (rows) => {
        const done = new DoneRows();
        for (const row of rows) expect(done.add(row)).toBe(true);
        const set = new Set(rows);
        for (let row = 1; row <= 201; row++) expect(done.has(row)).toBe(set.has(row));
        expect(done.size).toBe(set.size);
        let prefix = 0;
        while (set.has(prefix + 1)) prefix += 1;
        expect(done.prefix).toBe(prefix);
        expect(new DoneRows(done.state()).state()).toEqual(done.state());
      }),
    );
  });

  it('stays small when rows finish nearly in order', () => {
    const done = new DoneRows();
    for (let row = 1; row <= 100_000; row += 2) {
      done.add(row + 1);
      done.add(row);
    }
    expect(done.state()).toEqual({ prefix: 100_000, extra: [] });
    expect(done.add(5)).toBe(false);
  });

  it('notDone skips the done rows', async () => {
    const done = new DoneRows({ prefix: 2, extra: [4] });
    const rows = [1, 2, 3, 4, 5].map((rowNumber) => ({ rowNumber }));
    const left = [];
    for await (const row of notDone(rows, done)) left.push(row.rowNumber);
    expect(left).toEqual([3, 5]);
  });
});
