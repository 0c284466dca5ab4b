import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CellColumn } from './cell-column.ts';
import { cellText } from './cell-text.test-helper.ts';
import { columnOf, nearTies, number } from './sort-columns.test-helper.ts';
import { orderByRanks, rowRanks, rowRanksInSteps, sortedRowOrder } from './row-ranks.ts';

describe('sortedRowOrder', () => {
  it('sorts numbers numerically and keeps empty values last', () => {
    expect(Array.from(sortedRowOrder(['10', '', '9', '-1'], 'asc'))).toEqual([3, 2, 0, 1]);
    expect(Array.from(sortedRowOrder(['10', '', '9', '-1'], 'desc'))).toEqual([0, 2, 3, 1]);
  });

  it('sorts text naturally and case-insensitively, stable on ties', () => {
    expect(Array.from(sortedRowOrder(['b', 'A', 'a', 'item10', 'item9'], 'asc'))).toEqual([
      1, 2, 0, 4, 3,
    ]);
  });

  it('sorts 100,000 rows correctly', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `stub-${(i * 7919) % 100_000}`);
    const order = sortedRowOrder(values, 'asc');
    for (let i = 1; i < order.length; i += 997) {
      const previous = values[order[i - 1] ?? 0] ?? '';
      const current = values[order[i] ?? 0] ?? '';
      expect(previous.localeCompare(current, undefined, { numeric: true })).toBeLessThanOrEqual(0);
    }
  });
});

describe('orderByRanks', () => {
  it('is stable in both directions and keeps empty values last', () => {
    const ranks = Int32Array.of(1, -1, 0, 1, 0, -1);
    expect(Array.from(orderByRanks(ranks, 'asc'))).toEqual([2, 4, 0, 3, 1, 5]);
    expect(Array.from(orderByRanks(ranks, 'desc'))).toEqual([0, 3, 2, 4, 1, 5]);
  });

  it('ranks numbers numerically and equal values equally', () => {
    expect(Array.from(rowRanks(['10', '9', '', '9.0', '-2']))).toEqual([2, 1, -1, 1, 0]);
  });
});

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * The order the viewer promises, said simply: numbers by value when every non-empty value is one;
 * else lower-cased text token by token, a digit run against another by value (BigInt, any
 * length), anything else by its first code unit; then the text's own code units.
 */
function referenceCompare(numeric: boolean, a: string, b: string): number {
  if (numeric) return Number(a) - Number(b);
  const ta = a.toLowerCase().match(/\d+|[\s\S]/g) ?? [];
  const tb = b.toLowerCase().match(/\d+|[\s\S]/g) ?? [];
  for (let i = 0; i < Math.min(ta.length, tb.length); i++) {
    const x = ta[i] ?? '';
    const y = tb[i] ?? '';
    if (/^\d/.test(x) && /^\d/.test(y)) {
      if (BigInt(x) !== BigInt(y)) return BigInt(x) < BigInt(y) ? -1 : 1;
    } else if (x !== y) return x.charCodeAt(0) - y.charCodeAt(0);
  }
  if (ta.length !== tb.length) return ta.length - tb.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function referenceOrder(values: string[], direction: 'asc' | 'desc'): number[] {
  const numeric = values.every((v) => v === '' || NUMBER.test(v.trim()));
  const sign = direction === 'asc' ? 1 : -1;
  const rows = values.map((_, row) => row);
  const filled = rows.filter((row) => values[row] !== '');
  filled.sort((a, b) => sign * referenceCompare(numeric, values[a] ?? '', values[b] ?? ''));
  return [...filled, ...rows.filter((row) => values[row] === '')];
}

describe('sortedRowOrder against a reference comparator', () => {
  it('gives the reference stable order, both directions, for text and numbers', () => {
    fc.assert(
      fc.property(fc.oneof(columnOf(cellText), columnOf(nearTies), columnOf(number)), (values) => {
        for (const direction of ['asc', 'desc'] as const) {
          const reference = referenceOrder(values, direction);
          expect(Array.from(sortedRowOrder(values, direction))).toEqual(reference);
          // A record table's column, its cells ranges of one text, reads its numbers from it.
          expect(Array.from(sortedRowOrder(CellColumn.of(values), direction))).toEqual(reference);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('gives the reference order when every value starts the same (the keys leave it out)', () => {
    // Prefixes that end on a character the keys may cut after, and ones they may not: a digit
    // (a run would be cut), a letter, '.' and ':' (a final sigma after them sees the letter
    // before), and non-ASCII.
    const prefix = fc.constantFrom(
      'https://seed.example.org/library/',
      '5eed0000-0000-4000-8000-',
      'a/',
      'A-',
      'item1',
      'Item',
      'A.',
      'x:',
      'ΑΣ-',
      '0',
    );
    fc.assert(
      fc.property(prefix, columnOf(fc.oneof(cellText, nearTies)), (start, column) => {
        const values = column.map((value) => (value === '' ? '' : start + value));
        for (const direction of ['asc', 'desc'] as const)
          expect(Array.from(sortedRowOrder(values, direction))).toEqual(
            referenceOrder(values, direction),
          );
      }),
      { numRuns: 300 },
    );
  });

  it('puts a key before the longer keys it starts, when it ends where a radix pass does', () => {
    // Found by the property test: the key of 'item1a01b' (12 symbols: 5 that every key shares,
    // then one pass of 7) ends exactly where that pass does; it was taken as equal to the key of
    // 'item1a001ba', which it starts, and the two were ordered by code unit.
    const values = [
      ...['a01b', 'a001ba', 'a', '', 'a', '', 'a', '', '', '', '', '', '', '', '', 'a', 'a'],
      ...['00000', '500000', 'a', '_', 'b', '0480000ß-', 'aa', 'é', '0000', '1', '001', 'aΣ'],
      ...['09203006:', '', 'Σ', '07'],
    ].map((value) => (value === '' ? '' : 'item1' + value));
    expect(Array.from(sortedRowOrder(values, 'asc'))).toEqual(referenceOrder(values, 'asc'));
  });

  it('compares digit runs as numbers at any length', () => {
    const values = ['a1' + '0'.repeat(20), 'a' + '9'.repeat(20), 'a' + '0'.repeat(30) + '2'];
    expect(Array.from(sortedRowOrder(values, 'asc'))).toEqual([2, 1, 0]);
  });
});

describe('rowRanksInSteps', () => {
  /** Runs the steps to the end: the ranks and how many steps it took. */
  function runSteps(values: string[], stepRows: number): { ranks: Int32Array; steps: number } {
    const steps = rowRanksInSteps(values, stepRows);
    for (let count = 1; ; count++) {
      const step = steps.next();
      if (step.done) return { ranks: step.value, steps: count };
    }
  }

  it('gives the ranks of rowRanks at any step size', () => {
    fc.assert(
      fc.property(
        fc.oneof(columnOf(cellText), columnOf(nearTies), columnOf(number)),
        fc.integer({ min: 1, max: 64 }),
        (values, stepRows) => {
          expect(Array.from(runSteps(values, stepRows).ranks)).toEqual(
            Array.from(rowRanks(values)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cuts the reading of numbers, of few distinct values and of a shared prefix into steps too', () => {
    const rows = 20_000;
    const columns = {
      numbers: Array.from({ length: rows }, (_, i) => String((i * 7919) % rows)),
      fewValues: Array.from({ length: rows }, (_, i) => ['image', 'video', 'audio'][i % 3] ?? ''),
      sharedPrefix: Array.from(
        { length: rows },
        (_, i) => `https://a.example/${(i * 7919) % rows}x`,
      ),
    };
    for (const [name, values] of Object.entries(columns)) {
      const { ranks, steps } = runSteps(values, 1_000);
      expect(Array.from(ranks), name).toEqual(Array.from(rowRanks(values)));
      // At least one step per 1,000 rows read (the numbers: read, then ranked by bisection).
      expect(steps, name).toBeGreaterThanOrEqual(name === 'numbers' ? 40 : 20);
    }
  });

  it('cuts the work on many distinct values into steps of about the rows asked for', () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `title ${(i * 7919) % 20_000}`);
    const { ranks, steps } = runSteps(values, 1_000);
    expect(Array.from(ranks)).toEqual(Array.from(rowRanks(values)));
    // 20 steps of 1,000 keys, then the radix pass over every row (one range, never cut).
    expect(steps).toBeGreaterThanOrEqual(21);
  });
});
