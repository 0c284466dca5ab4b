import { describe, expect, it } from 'vitest';
import { inShard, parseShard, rowsInShard, shardOf } from './shard.ts';

describe('shards', () => {
  it('splits rows into disjoint, complete, balanced sets', () => {
    const count = 4;
    const owners = Array.from({ length: 1001 }, (_, i) =>
      [0, 1, 2, 3].filter((index) => inShard(i + 1, { index, count })),
    );
    expect(owners.every((o) => o.length === 1)).toBe(true);
    for (let index = 0; index < count; index++) {
      const mine = owners.filter((o) => o[0] === index).length;
      expect(mine).toBe(rowsInShard(1001, { index, count }));
    }
    expect(rowsInShard(1001, { index: 0, count })).toBe(251);
    expect(rowsInShard(2, { index: 3, count })).toBe(0);
  });

  it('parses k/n and refuses what is not one', () => {
    expect(parseShard('2/4')).toEqual({ ok: true, shard: { index: 2, count: 4 } });
    expect(parseShard('4/4').ok).toBe(false);
    expect(parseShard('1of4').ok).toBe(false);
    expect(parseShard('0/0').ok).toBe(false);
    expect(shardOf(-1, 3).ok).toBe(false);
    const bad = parseShard('x');
    if (!bad.ok) expect(bad.message).toContain('“x”');
  });
});
