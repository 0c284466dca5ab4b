import { describe, expect, it } from 'vitest';
import { exactPairMemory, hashedPairMemory } from './pair-memory.ts';

describe.each([
  ['exact', () => exactPairMemory()],
  ['hashed', () => hashedPairMemory(1 << 12)],
])('%s pair memory', (_, make) => {
  it('names the first row of a repeated pair', () => {
    const seen = make();
    expect(seen.firstRow('a\0image', 1)).toBeUndefined();
    expect(seen.firstRow('b\0image', 2)).toBeUndefined();
    expect(seen.firstRow('a\0image', 3)).toBe(1);
    expect(seen.firstRow('a\0video', 4)).toBeUndefined();
    expect(seen.firstRow('a\0image', 5)).toBe(1);
  });
});

describe('hashedPairMemory', () => {
  it('finds no false repeat among 200,000 distinct pairs', () => {
    const seen = hashedPairMemory(1 << 19);
    let repeats = 0;
    for (let i = 1; i <= 200_000; i++) {
      if (seen.firstRow(`https://media.example/${i}\0image`, i) !== undefined) repeats += 1;
    }
    expect(repeats).toBe(0);
    expect(seen.firstRow('https://media.example/77\0image', 200_001)).toBe(77);
  });

  it('stops remembering when full, and says so', () => {
    const seen = hashedPairMemory(16);
    for (let i = 1; i <= 12; i++) seen.firstRow(`p${i}`, i);
    expect(seen.full).toBe(false);
    expect(seen.firstRow('p13', 13)).toBeUndefined();
    expect(seen.full).toBe(true);
    expect(seen.firstRow('p13', 14)).toBeUndefined();
    expect(seen.firstRow('p3', 15)).toBe(3);
  });
});
