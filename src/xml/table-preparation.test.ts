import { describe, expect, it } from 'vitest';
import { rowRanks } from './row-ranks.ts';
import { byRankingCost, TablePreparation } from './table-preparation.ts';
import { rowHaystacks } from './table-query.ts';

const ROWS = 30_000;
/** A title (mostly distinct), a type (few values), a size (numbers), a column left empty. */
const columns = [
  Array.from({ length: ROWS }, (_, i) => `Harbour ${(i * 7919) % ROWS} survey`),
  Array.from({ length: ROWS }, (_, i) => ['image', 'video', 'Audio'][i % 3] ?? ''),
  Array.from({ length: ROWS }, (_, i) => String((i * 37) % 1000)),
  Array.from({ length: ROWS }, () => ''),
];

/** Steps until complete, one per call; how many it took. */
function prepareAll(preparation: TablePreparation): number {
  let steps = 1;
  while (!preparation.prepare(0)) steps += 1;
  return steps;
}

describe('TablePreparation', () => {
  it('prepares every column’s ranks and every row’s search text, a step at a time', () => {
    const preparation = new TablePreparation(columns, ROWS);
    preparation.wantText();
    expect(preparation.complete).toBe(false);
    const steps = prepareAll(preparation);
    // 15 slices of search text, and the title's keys alone take four steps.
    expect(steps).toBeGreaterThan(20);
    expect(preparation.complete).toBe(true);
    columns.forEach((values, column) =>
      expect(Array.from(preparation.ranks.get(column) ?? [])).toEqual(Array.from(rowRanks(values))),
    );
    expect(preparation.haystacks.texts).toEqual(rowHaystacks(columns, ROWS));
  });

  it('finishes a column half ranked when a query asks for it, and goes on with the others', () => {
    const preparation = new TablePreparation(columns, ROWS);
    preparation.wantText();
    // The title, the longest values, is ranked last: run until the others are done, then a few
    // steps into it.
    while (![1, 2, 3].every((column) => preparation.ranks.has(column))) preparation.prepare(0);
    for (let step = 0; step < 6; step++) preparation.prepare(0);
    expect(preparation.ranks.has(0)).toBe(false);
    const title = preparation.ranksOf(0);
    expect(Array.from(title)).toEqual(Array.from(rowRanks(columns[0] ?? [])));
    const size = preparation.ranks.get(2);
    prepareAll(preparation);
    // Kept, not computed again.
    expect(preparation.ranks.get(0)).toBe(title);
    expect(preparation.ranks.get(2)).toBe(size);
    expect(Array.from(preparation.ranks.get(1) ?? [])).toEqual(
      Array.from(rowRanks(columns[1] ?? [])),
    );
  });

  it('ranks the columns whose values are shortest first', () => {
    expect(byRankingCost(columns)).toEqual([3, 2, 1, 0]);
    const preparation = new TablePreparation(columns, ROWS);
    const ready: number[] = [];
    while (!preparation.prepare(0))
      for (const column of preparation.ranks.keys())
        if (!ready.includes(column)) ready.push(column);
    for (const column of preparation.ranks.keys()) if (!ready.includes(column)) ready.push(column);
    expect(ready).toEqual([3, 2, 1, 0]);
  });

  it('works through its budget, step after step', () => {
    const steps = prepareAll(new TablePreparation(columns, ROWS));
    let clock = 0;
    const now = () => (clock += 1);
    const preparation = new TablePreparation(columns, ROWS);
    expect(steps).toBeGreaterThan(5);
    // The clock moves 1 per reading, once at the start and once after each step: a budget of 5
    // is five steps.
    expect(preparation.prepare(5, now)).toBe(false);
    expect(prepareAll(preparation)).toBe(steps - 5);
  });

  it('ranks every column without building search text until it is wanted', () => {
    const preparation = new TablePreparation(columns, ROWS);
    prepareAll(preparation);
    expect(preparation.ranks.size).toBe(columns.length);
    expect(preparation.haystacks.texts.every((text) => text === undefined)).toBe(true);
    preparation.wantText();
    expect(preparation.complete).toBe(false);
    prepareAll(preparation);
    expect(preparation.haystacks.complete).toBe(true);
  });

  it('is complete at once for a table without rows or columns', () => {
    expect(new TablePreparation([], 0).prepare(0)).toBe(true);
  });

  it('ranks a column asked for first before the others and before any search text', () => {
    const preparation = new TablePreparation(columns, ROWS);
    preparation.wantText();
    // A few steps into the cheapest columns: the one under way is set aside, not lost.
    for (let step = 0; step < 3; step++) preparation.prepare(0);
    const underWay = [3, 2, 1].filter((column) => !preparation.ranks.has(column));
    const textBuilt = () => preparation.haystacks.texts.filter((text) => text !== undefined).length;
    const textBefore = textBuilt();
    // The title, the longest values, would be ranked last.
    preparation.rankFirst(0);
    let steps = 0;
    while (!preparation.ranks.has(0)) {
      preparation.prepare(0);
      steps += 1;
    }
    expect(steps).toBeGreaterThan(3);
    expect(Array.from(preparation.ranks.get(0) ?? [])).toEqual(
      Array.from(rowRanks(columns[0] ?? [])),
    );
    // Nothing else was done meanwhile.
    expect(textBuilt()).toBe(textBefore);
    expect(underWay.length).toBeGreaterThan(0);
    expect(underWay.some((column) => preparation.ranks.has(column))).toBe(false);
    prepareAll(preparation);
    columns.forEach((values, column) =>
      expect(Array.from(preparation.ranks.get(column) ?? [])).toEqual(Array.from(rowRanks(values))),
    );
    expect(preparation.haystacks.complete).toBe(true);
  });

  it('finishes a column asked for first at once when a query comes, and ignores columns it has not', () => {
    const preparation = new TablePreparation(columns, ROWS);
    preparation.rankFirst(0);
    preparation.prepare(0);
    const title = preparation.ranksOf(0);
    expect(Array.from(title)).toEqual(Array.from(rowRanks(columns[0] ?? [])));
    // Already ranked, or no such column: nothing changes.
    preparation.rankFirst(0);
    preparation.rankFirst(99);
    prepareAll(preparation);
    expect(preparation.ranks.get(0)).toBe(title);
    expect(preparation.ranks.size).toBe(columns.length);
  });
});
