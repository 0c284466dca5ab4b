/**
 * `--shard k/n`: n processes (n machines, or a Kubernetes Indexed Job) register disjoint rows of
 * one file. Row r (1-based data row number) belongs to shard (r - 1) mod n, so every shard gets
 * every n-th row: balanced whatever the file's order, and deterministic, needing no coordination.
 * Shard indexes are 0-based, as Kubernetes' JOB_COMPLETION_INDEX is.
 */

export interface Shard {
  /** 0-based. */
  index: number;
  count: number;
}

export const WHOLE_FILE: Shard = { index: 0, count: 1 };

export type ShardParse = { ok: true; shard: Shard } | { ok: false; message: string };

/**
 * `'2/4'` → shard 2 of 4 (0-based index).
 * @example parseShard('2/4') // { ok: true, shard: { index: 2, count: 4 } }
 */
export function parseShard(text: string): ShardParse {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) {
    return {
      ok: false,
      message: `“${text}” is not a shard: give k/n, e.g. 0/4 for the first of 4 (k counts from 0).`,
    };
  }
  return shardOf(Number(match[1]), Number(match[2]));
}

/**
 * A shard from an index and a count (e.g. JOB_COMPLETION_INDEX and the Job's completions).
 * @example shardOf(3, 4) // { ok: true, shard: { index: 3, count: 4 } }
 */
export function shardOf(index: number, count: number): ShardParse {
  if (!Number.isInteger(count) || count < 1) {
    return { ok: false, message: `The shard count must be a whole number from 1: ${count}.` };
  }
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    return {
      ok: false,
      message: `Shard index ${index} is outside 0–${count - 1} (indexes count from 0).`,
    };
  }
  return { ok: true, shard: { index, count } };
}

/** @example inShard(5, { index: 0, count: 4 }) // true (rows 1, 5, 9… are shard 0's) */
export function inShard(rowNumber: number, shard: Shard): boolean {
  return (rowNumber - 1) % shard.count === shard.index;
}

/** @example shardLabel({ index: 1, count: 4 }) // '1/4' */
export function shardLabel(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/** How many of `rows` data rows belong to the shard. */
export function rowsInShard(rows: number, shard: Shard): number {
  return rows <= shard.index ? 0 : Math.floor((rows - 1 - shard.index) / shard.count) + 1;
}
