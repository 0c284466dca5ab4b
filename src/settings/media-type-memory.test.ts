import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED, loadMediaTypes, rememberMediaType } from './media-type-memory.ts';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('MediaType suggestions', () => {
  it('keeps values newest first, without duplicates or blanks', () => {
    const storage = memoryStorage();
    rememberMediaType('image', storage);
    rememberMediaType('audio', storage);
    rememberMediaType(' image ', storage);
    rememberMediaType('   ', storage);
    expect(loadMediaTypes(storage)).toEqual(['image', 'audio']);
  });

  it(`remembers at most ${MAX_REMEMBERED}`, () => {
    const storage = memoryStorage();
    for (let i = 0; i < MAX_REMEMBERED + 5; i++) rememberMediaType(`t${i}`, storage);
    const kept = loadMediaTypes(storage);
    expect(kept).toHaveLength(MAX_REMEMBERED);
    expect(kept[0]).toBe(`t${MAX_REMEMBERED + 4}`);
  });

  it('survives garbage in storage', () => {
    expect(loadMediaTypes(memoryStorage({ 'inode-console.media-types': '{nope' }))).toEqual([]);
    expect(
      loadMediaTypes(memoryStorage({ 'inode-console.media-types': '["a", 3, null, ""]' })),
    ).toEqual(['a']);
  });
});
