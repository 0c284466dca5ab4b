import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import {
  orderByRanks,
  queryRows,
  rowHaystacks,
  rowRanks,
  sortedRowOrder,
  tableCsv,
} from './table-query.ts';

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

describe('queryRows', () => {
  const values = [
    ['1', '2', '3'],
    ['image', 'Video', 'image'],
  ];
  const haystacks = rowHaystacks(values, 3);

  it('filters case-insensitively across columns, then sorts', () => {
    expect(
      Array.from(
        queryRows(values, haystacks, { sortColumn: 0, sortDirection: 'desc', filter: 'IMAGE' }),
      ),
    ).toEqual([2, 0]);
    expect(
      Array.from(
        queryRows(values, haystacks, { sortColumn: null, sortDirection: 'asc', filter: 'video' }),
      ),
    ).toEqual([1]);
  });

  it('keeps document order with no sort and no filter', () => {
    expect(
      Array.from(
        queryRows(values, haystacks, { sortColumn: null, sortDirection: 'asc', filter: ' ' }),
      ),
    ).toEqual([0, 1, 2]);
  });
});

describe('tableCsv', () => {
  it('writes a header and the rows in the given order, quoting what needs it', () => {
    const csv = tableCsv(
      ['ID', 'Title'],
      [
        ['1', '2'],
        ['a, "b"', 'line\nbreak'],
      ],
      Uint32Array.of(1, 0),
    );
    expect(csv).toBe('ID,Title\r\n2,"line\nbreak"\r\n1,"a, ""b"""');
    expect(Papa.parse(csv).data).toEqual([
      ['ID', 'Title'],
      ['2', 'line\nbreak'],
      ['1', 'a, "b"'],
    ]);
  });

  it('neutralises spreadsheet formulas but not signed numbers', () => {
    const csv = tableCsv(
      ['v'],
      [['=HYPERLINK("x")', '-5', '@cmd', '+1.5']],
      Uint32Array.of(0, 1, 2, 3),
    );
    expect(csv.split('\r\n')).toEqual(['v', '"\'=HYPERLINK(""x"")"', '-5', '"\'@cmd"', '+1.5']);
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
