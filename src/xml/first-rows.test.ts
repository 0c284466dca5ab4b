import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CellColumn, type Cells } from './cell-column.ts';
import { cellText } from './cell-text.test-helper.ts';
import { firstRowsInOrder } from './first-rows.ts';
import { sortedRowOrder } from './row-ranks.ts';
import { columnOf, nearTies, number } from './sort-columns.test-helper.ts';

/** The first `count` rows of the whole sort, of the rows `kept` holds 1 for. */
function firstOfWholeSort(
  values: Cells,
  direction: 'asc' | 'desc',
  count: number,
  kept: Uint8Array | null,
): number[] {
  return Array.from(sortedRowOrder(values, direction))
    .filter((row) => !kept || kept[row] === 1)
    .slice(0, count);
}

/** A record table's column, some of its cells held as values rather than ranges (decoded ones). */
function columnWithValues(values: string[], written: boolean[]): CellColumn {
  const column = CellColumn.of(values);
  values.forEach((value, row) => {
    if (written[row]) column.setValue(row, value);
  });
  return column;
}

describe('firstRowsInOrder', () => {
  it('gives the first rows of the sort: numbers by value, text naturally, empty values last', () => {
    expect(Array.from(firstRowsInOrder(['b', '', 'a', 'c'], 'asc', 2))).toEqual([2, 0]);
    expect(Array.from(firstRowsInOrder(['b', '', 'a', 'c'], 'desc', 4))).toEqual([3, 0, 2, 1]);
    expect(Array.from(firstRowsInOrder(['10', '9', '', '100'], 'asc', 3))).toEqual([1, 0, 3]);
    expect(Array.from(firstRowsInOrder(['item10', 'Item9', 'item9'], 'asc', 2))).toEqual([1, 2]);
    expect(Array.from(firstRowsInOrder(['a', 'b', 'a'], 'desc', 3))).toEqual([1, 0, 2]);
  });

  it('keeps only the rows the filter kept', () => {
    const kept = Uint8Array.of(1, 0, 1, 1);
    expect(Array.from(firstRowsInOrder(['c', 'a', '', 'b'], 'asc', 3, { kept }))).toEqual([
      3, 0, 2,
    ]);
    const keeps = (row: number) => row !== 1;
    expect(Array.from(firstRowsInOrder(['c', 'a', '', 'b'], 'asc', 3, { keeps }))).toEqual([
      3, 0, 2,
    ]);
  });

  it('sorts as numbers only when every value of the whole column is one, kept or not', () => {
    // '1.5' before '1.10' naturally (5 < 10), after it as numbers: 'x', not kept, decides.
    const kept = Uint8Array.of(1, 1, 0);
    expect(Array.from(firstRowsInOrder(['1.10', '1.5', 'x'], 'asc', 2, { kept }))).toEqual([1, 0]);
  });

  it('orders as the whole sort does, for any column, count, filter and direction', () => {
    fc.assert(
      fc.property(
        fc.oneof(columnOf(cellText), columnOf(nearTies), columnOf(number)),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.boolean(), { maxLength: 400 }),
        fc.array(fc.boolean(), { maxLength: 400 }),
        (values, count, keptFlags, written) => {
          const kept =
            keptFlags.length === 0
              ? null
              : Uint8Array.from(values, (_, row) => (keptFlags[row % keptFlags.length] ? 1 : 0));
          // The same rows kept as a test asked row by row.
          const keeps = kept && ((row: number) => kept[row] === 1);
          for (const column of [values, columnWithValues(values, written)])
            for (const direction of ['asc', 'desc'] as const) {
              const whole = firstOfWholeSort(column, direction, count, kept);
              expect(Array.from(firstRowsInOrder(column, direction, count, { kept }))).toEqual(
                whole,
              );
              expect(Array.from(firstRowsInOrder(column, direction, count, { keeps }))).toEqual(
                whole,
              );
            }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('orders as the whole sort does when every value starts the same', () => {
    const prefix = fc.constantFrom('https://seed.example.org/library/', 'item1', 'ΑΣ-', '0');
    fc.assert(
      fc.property(prefix, columnOf(fc.oneof(cellText, nearTies)), (start, column) => {
        const values = column.map((value) => (value === '' ? '' : start + value));
        for (const direction of ['asc', 'desc'] as const)
          expect(Array.from(firstRowsInOrder(CellColumn.of(values), direction, 25))).toEqual(
            firstOfWholeSort(values, direction, 25, null),
          );
      }),
      { numRuns: 200 },
    );
  });
});
