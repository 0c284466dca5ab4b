/**
 * Which ServiceURI + MediaType pairs a job has seen, for "Same as row N". A file read whole keeps
 * the exact pairs (a Map); a stream of millions of rows keeps 64-bit fingerprints in a fixed
 * open-addressing table (12 bytes a slot, allocated once), so memory does not grow with the rows.
 * Two different pairs share a fingerprint with odds of about n²/2⁶⁵ (3 in 100 million at 1.5
 * million pairs). When the table is full, new pairs are no longer remembered (`full` says so):
 * later repeats of them are sent, and the service, which refuses a pair it already has, decides.
 */

export interface PairMemory {
  /** The row that first had `pair`, or undefined (and `rowNumber` is remembered for it). */
  firstRow(pair: string, rowNumber: number): number | undefined;
  /** True once new pairs can no longer be remembered. */
  readonly full: boolean;
}

/** @example const seen = exactPairMemory(); seen.firstRow('a\0image', 1) // undefined */
export function exactPairMemory(): PairMemory {
  const seen = new Map<string, number>();
  return {
    full: false,
    firstRow(pair, rowNumber) {
      const earlier = seen.get(pair);
      if (earlier === undefined) seen.set(pair, rowNumber);
      return earlier;
    },
  };
}

/** Slots of the default table: 2²¹ (24 MB), remembering up to 1.5 million distinct pairs. */
export const DEFAULT_PAIR_SLOTS = 1 << 21;
const MAX_LOAD = 0.75;

/** FNV-1a over UTF-16 code units with a seed: two seeds give two independent 32-bit halves. */
function fnv1a(text: string, seed: number): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Final avalanche (murmur3's fmix32) so nearby keys spread over the table.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * @example const seen = hashedPairMemory(); seen.firstRow(pairKey(uri, type), rowNumber)
 */
export function hashedPairMemory(slots = DEFAULT_PAIR_SLOTS): PairMemory {
  const size = 2 ** Math.ceil(Math.log2(Math.max(16, slots)));
  const mask = size - 1;
  const high = new Uint32Array(size);
  const low = new Uint32Array(size);
  // Row numbers; 0 marks an empty slot (rows count from 1).
  const rows = new Uint32Array(size);
  const limit = Math.floor(size * MAX_LOAD);
  let used = 0;
  const memory = {
    full: false,
    firstRow(pair: string, rowNumber: number): number | undefined {
      const h = fnv1a(pair, 0);
      const l = fnv1a(pair, 0x9e3779b9) || 1;
      for (let slot = h & mask; ; slot = (slot + 1) & mask) {
        const row = rows[slot] ?? 0;
        if (row === 0) {
          if (used >= limit) {
            memory.full = true;
            return undefined;
          }
          high[slot] = h;
          low[slot] = l;
          rows[slot] = rowNumber;
          used += 1;
          return undefined;
        }
        if (high[slot] === h && low[slot] === l) return row;
      }
    },
  };
  return memory;
}
