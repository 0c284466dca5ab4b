import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

describe('formatCount', () => {
  it('writes integers as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 21002, 210002, 1_000_000, -1234567, 9_007_199_254_740_991])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
  it('leaves other numbers to the locale', () => {
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString('en-US'));
  });
});
