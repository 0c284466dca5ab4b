import { describe, expect, it } from 'vitest';
import { SettledRows } from './settled-rows.ts';

describe('SettledRows', () => {
  it('keeps the settled prefix as a number and only out-of-order rows in the set', () => {
    const settled = new SettledRows();
    for (const row of [2, 4, 1, 6]) settled.add(row);
    expect(settled.state()).toEqual({ doneThrough: 2, doneAbove: [4, 6] });
    settled.add(3);
    settled.add(5);
    expect(settled.state()).toEqual({ doneThrough: 6, doneAbove: [] });
  });

  it('restores a saved state and says which rows not to send again', () => {
    const settled = new SettledRows({ doneThrough: 10, doneAbove: [12, 9, 11] });
    expect(settled.doneThrough).toBe(12);
    expect(settled.has(12)).toBe(true);
    expect(settled.has(13)).toBe(false);
  });

  it('stays small over a million rows settled a few apart', () => {
    const settled = new SettledRows();
    for (let base = 0; base < 1_000_000; base += 16) {
      for (let i = 15; i >= 0; i--) settled.add(base + i + 1);
      expect(settled.state().doneAbove.length).toBe(0);
    }
    expect(settled.doneThrough).toBe(1_000_000);
  });
});
