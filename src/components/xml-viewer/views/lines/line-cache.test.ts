import { describe, expect, it, vi } from 'vitest';
import { BLOCK_LINES, LineCache, type LineSource } from './line-cache.ts';

const LINES = 10_000;
const lineText = (n: number) => `line ${n}`;

function source(): LineSource & { calls: Array<[number, number]> } {
  const calls: Array<[number, number]> = [];
  return {
    calls,
    prettyLines(from, to) {
      calls.push([from, to]);
      return Promise.resolve(Array.from({ length: to - from }, (_, i) => lineText(from + i)));
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LineCache', () => {
  it('fetches the blocks a window needs once, and serves their lines', async () => {
    const lines = source();
    const loaded = vi.fn();
    const cache = new LineCache(lines, LINES, [], loaded);
    expect(cache.line(300)).toBeUndefined();
    cache.want([300, 301, 600]);
    cache.want([300]);
    await settle();
    expect(lines.calls).toEqual([
      [BLOCK_LINES, 2 * BLOCK_LINES],
      [2 * BLOCK_LINES, 3 * BLOCK_LINES],
    ]);
    expect(cache.line(300)).toBe('line 300');
    expect(cache.line(600)).toBe('line 600');
    expect(loaded).toHaveBeenCalledTimes(2);
  });

  it('shows the head until its block arrives, and clips the last block', async () => {
    const lines = source();
    const cache = new LineCache(lines, 300, ['head 0', 'head 1'], () => undefined);
    expect(cache.line(1)).toBe('head 1');
    cache.want([299, 5000, -1]);
    await settle();
    expect(lines.calls).toEqual([[BLOCK_LINES, 300]]);
    cache.want([0]);
    await settle();
    expect(cache.line(1)).toBe('line 1');
  });

  it('keeps at most its limit of blocks, dropping the least recently used', async () => {
    const lines = source();
    const cache = new LineCache(lines, LINES, [], () => undefined, 3);
    for (const block of [0, 1, 2]) cache.want([block * BLOCK_LINES]);
    await settle();
    cache.want([0]); // block 0 used again: block 1 is now the oldest
    cache.want([3 * BLOCK_LINES]);
    await settle();
    expect(cache.heldBlocks).toBe(3);
    expect(cache.line(0)).toBe('line 0');
    expect(cache.line(BLOCK_LINES)).toBeUndefined();
    expect(cache.line(2 * BLOCK_LINES)).toBe(`line ${2 * BLOCK_LINES}`);
  });

  it('drops what arrives after dispose, and fetches nothing without a source', async () => {
    const lines = source();
    const loaded = vi.fn();
    const cache = new LineCache(lines, LINES, [], loaded);
    cache.want([0]);
    cache.dispose();
    await settle();
    expect(loaded).not.toHaveBeenCalled();
    expect(cache.line(0)).toBeUndefined();
    const headOnly = new LineCache(null, 2, ['a', 'b'], loaded);
    headOnly.want([0, 1]);
    expect(headOnly.line(1)).toBe('b');
  });
});
