import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRowChecker } from './row-stream.ts';
import { toBulkRows } from './bulk-rows.ts';
import { hashedPairMemory } from './pair-memory.ts';

const line = (i: number, type = 'image') => [`https://media.example/${i}`, type];

function streamAll(lines: string[][], batch: number) {
  const checker = createRowChecker({ pairs: hashedPairMemory(1 << 10) });
  const rows = [];
  for (let at = 0; at < lines.length; at += batch)
    rows.push(...checker.push(lines.slice(at, at + batch)));
  rows.push(...checker.end());
  return { rows, checker };
}

describe('createRowChecker', () => {
  it('holds the head, then checks rows as they come, numbering them', () => {
    const checker = createRowChecker();
    expect(checker.push([['ServiceURI', 'MediaType'], line(1)])).toEqual([]);
    const lines = Array.from({ length: 30 }, (_, i) => line(i + 2));
    const out = checker.push(lines);
    expect(out.map((row) => row.rowNumber)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(checker.hasHeader).toBe(true);
    expect(checker.push([line(1)])[0]).toMatchObject({ rowNumber: 32, duplicateOf: 1 });
    expect(checker.end()).toEqual([]);
  });

  it('gives the same rows as the whole-input checks, whatever the batch size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.constantFrom('image', 'video', '')), {
          maxLength: 60,
        }),
        fc.boolean(),
        fc.integer({ min: 1, max: 25 }),
        (pairs, withHeader, batch) => {
          const lines = pairs.map(([i, type]) => line(i, type));
          if (withHeader) lines.unshift(['ServiceURI', 'MediaType']);
          const whole = toBulkRows(lines);
          const { rows, checker } = streamAll(lines, batch);
          expect(rows).toEqual(whole.rows);
          expect(checker.hasHeader).toBe(whole.hasHeader);
          expect(checker.fileErrors).toEqual(whole.fileErrors);
        },
      ),
    );
  });

  it('refuses an input without the columns, and lets no row out', () => {
    const { rows, checker } = streamAll([['ServiceURI', 'Kind'], line(1)], 1);
    expect(rows).toEqual([]);
    expect(checker.fileErrors).toEqual(['The header row has no MediaType column.']);
  });

  it('has no row cap', () => {
    const checker = createRowChecker();
    let count = 0;
    for (let b = 0; b < 30; b++) {
      count += checker.push(Array.from({ length: 5000 }, (_, i) => line(b * 5000 + i))).length;
    }
    count += checker.end().length;
    expect(count).toBe(150_000);
    expect(checker.rowCount).toBe(150_000);
  });

  it('an empty input has no rows and no columns', () => {
    const { rows, checker } = streamAll([], 1);
    expect(rows).toEqual([]);
    expect(checker.columns).toBeNull();
  });
});
