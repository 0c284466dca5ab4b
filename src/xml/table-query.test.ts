import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import {
  type FilterMemo,
  firstMatchesOfQuery,
  firstRowsOfQuery,
  queryRows,
  RowHaystacks,
  rowHaystacks,
  tableCsv,
} from './table-query.ts';
import { rowRanks } from './row-ranks.ts';
import { CellColumn } from './cell-column.ts';
import { cellText } from './cell-text.test-helper.ts';

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

  it('neutralises a formula followed by a line break, and a number that is not only a number', () => {
    const values = [
      '=HYPERLINK("http://evil")\nx',
      "+cmd|' /C calc'!A0\r\n",
      '-5\n',
      '=5',
      '-',
      "'=x",
      '-1e3',
    ];
    const csv = tableCsv(['v'], [values], Uint32Array.from(values.keys()));
    expect(Papa.parse<string[]>(csv, { delimiter: ',' }).data.slice(1)).toEqual([
      ['\'=HYPERLINK("http://evil")\nx'],
      ["'+cmd|' /C calc'!A0\r\n"],
      ["'-5\n"],
      ["'=5"],
      ["'-"],
      ["''=x"],
      ['-1e3'],
    ]);
  });
});

describe('queryRows before the search text is built', () => {
  it('filters the rows not built yet by their cells as it would by their text', () => {
    const cell = fc.oneof(
      cellText,
      fc.constantFrom('', 'AΣ', 'Σ', 'İx', 'ǅ', '\u212a', 'x\u0000y', 'ITEM 12', 'oK\u212a'),
    );
    const needle = fc.oneof(
      cellText,
      fc.constantFrom('σ', 'ς', 'i̇', 'k', 'ǆ', 'a\u0000', '\u0000σ', 'item 1', 'ok', 'okk', 'M 1'),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        needle,
        fc.nat({ max: 5 }),
        (columns, filter, built) => {
          const query = { sortColumn: null, sortDirection: 'asc' as const, filter };
          const whole = Array.from(
            queryRows(columns, rowHaystacks(columns, 5), query, new Map(), 5),
          );
          const partial = new RowHaystacks(columns, 5);
          partial.build(built);
          expect(Array.from(queryRows(columns, partial.texts, query, new Map(), 5))).toEqual(whole);
          // A record table's columns: their cells are searched in the text they are ranges of.
          const cells = columns.map((column) => CellColumn.of(column));
          const partialCells = new RowHaystacks(cells, 5);
          partialCells.build(built);
          expect(Array.from(queryRows(cells, partialCells.texts, query, new Map(), 5))).toEqual(
            whole,
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("a query's first rows", () => {
  const cell = fc.oneof(cellText, fc.constantFrom('', 'AΣ', 'İx', 'harbour 1', 'Harbour 12'));
  const filter = fc.constantFrom('', 'h', 'harbour', 'harbour 1', 'a', 'σ', 'i̇', '1', 'x\u0000');
  const table = fc.array(fc.array(cell, { minLength: 12, maxLength: 12 }), {
    minLength: 1,
    maxLength: 3,
  });

  it('are the first rows of the whole answer, with its count, for a sort not ranked yet', () => {
    fc.assert(
      fc.property(
        table,
        filter,
        fc.constantFrom('asc', 'desc'),
        fc.integer({ min: 1, max: 14 }),
        (columns, needle, direction, count) => {
          const query = { sortColumn: 0, sortDirection: direction, filter: needle } as const;
          const whole = queryRows(columns, rowHaystacks(columns, 12), query, new Map(), 12);
          const first = firstRowsOfQuery(
            columns,
            new RowHaystacks(columns, 12).texts,
            query,
            count,
            12,
          );
          expect(first.rowCount).toBe(whole.length);
          expect(Array.from(first.rows)).toEqual(Array.from(whole.subarray(0, count)));
          // Not counted: only the rows that would be among the first are tested.
          const texts = new RowHaystacks(columns, 12).texts;
          const uncounted = firstRowsOfQuery(columns, texts, query, count, 12, undefined, false);
          expect(Array.from(uncounted.rows)).toEqual(Array.from(whole.subarray(0, count)));
          // Counted all the same when fewer than `count` match: every row was tested.
          const counted = !needle.trim() || whole.length < count;
          expect(uncounted.rowCount).toBe(counted ? whole.length : null);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("are a filter's first matches in the sort's order, whole when the rows ran out first", () => {
    fc.assert(
      fc.property(
        table,
        filter.filter((needle) => needle.trim() !== ''),
        fc.constantFrom('asc', 'desc'),
        fc.boolean(),
        fc.integer({ min: 1, max: 14 }),
        fc.nat({ max: 12 }),
        (columns, needle, direction, sorted, count, built) => {
          const query = { sortColumn: sorted ? 0 : null, sortDirection: direction, filter: needle };
          const whole = queryRows(columns, rowHaystacks(columns, 12), query, new Map(), 12);
          const ranks = sorted ? rowRanks(columns[0] ?? []) : null;
          // Some rows' search text built, the others' read from their cells; plain and ranges.
          for (const values of [columns, columns.map((column) => CellColumn.of(column))]) {
            const haystacks = new RowHaystacks(values, 12);
            haystacks.build(built);
            const first = firstMatchesOfQuery(
              values,
              haystacks.texts,
              needle,
              ranks,
              direction,
              count,
              12,
            );
            expect(Array.from(first.rows)).toEqual(Array.from(whole.subarray(0, count)));
            // Whole when the rows ran out before `count` matched: then these are all its rows.
            if (whole.length < count) expect(first.whole).toBe(true);
            if (whole.length > count) expect(first.whole).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('queryRows with the last filter remembered', () => {
  it('answers a run of filters (narrowing, widening, another table size) as without it', () => {
    const cell = fc.oneof(cellText, fc.constantFrom('', 'AΣ', 'harbour 1', 'Harbour 12'));
    const filter = fc.constantFrom('', 'h', 'ha', 'harbour', 'harbour 1', 'a', 'σ', 'item', '1');
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(filter, fc.nat({ max: 6 })), { minLength: 1, maxLength: 6 }),
        (columns, steps) => {
          const memo: FilterMemo = { needle: '', matches: null };
          const haystacks = new RowHaystacks(columns, 6);
          for (const [needle, built] of steps) {
            haystacks.build(built);
            const query = { sortColumn: 0, sortDirection: 'asc' as const, filter: needle };
            expect(
              Array.from(queryRows(columns, haystacks.texts, query, new Map(), 6, memo)),
            ).toEqual(
              Array.from(queryRows(columns, rowHaystacks(columns, 6), query, new Map(), 6)),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('tests only the rows the last filter kept when the new one narrows it', () => {
    const columns = [['harbour 1', 'harbour 2', 'studio 1']];
    const memo: FilterMemo = { needle: '', matches: null };
    const query = { sortColumn: null, sortDirection: 'asc' as const, filter: 'harbour' };
    expect(Array.from(queryRows(columns, [], query, new Map(), 3, memo))).toEqual([0, 1]);
    // A memo claiming row 0 did not match shows the narrowing filter skips it.
    memo.matches = Uint8Array.of(0, 1, 0);
    expect(
      Array.from(queryRows(columns, [], { ...query, filter: 'harbour ' }, new Map(), 3, memo)),
    ).toEqual([1]);
  });
});

describe('RowHaystacks', () => {
  it('builds in slices the same text as at once', () => {
    const values = [
      ['A', 'Σ', ''],
      ['İx', 'b', 'Ω'],
    ];
    const sliced = new RowHaystacks(values, 3);
    expect(sliced.build(2)).toBe(false);
    expect(sliced.build(2)).toBe(true);
    expect(sliced.texts).toEqual(rowHaystacks(values, 3));
    expect(sliced.texts[0]).toBe('a\u0000i̇x\u0000');
  });
});
