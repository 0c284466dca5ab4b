// The paged read behind streamed answers: every index once, in order, across page boundaries,
// and nothing added after the bound.
import { describe, expect, it } from 'vitest';
import { EmulatorStore, ownerOf } from './store.ts';

function add(store: EmulatorStore, owner: string, n: number): void {
  store.addIndex(owner, {
    recordId: `id-${n}`,
    serviceUri: `https://x.example/${n}.png`,
    mediaType: 'image',
    createdAt: '2026-01-01T00:00:00.000Z',
  });
}

describe('EmulatorStore.iterateIndexes', () => {
  it('gives what listIndexes gives, whatever the page size, and only the owner’s', () => {
    const store = EmulatorStore.open(':memory:');
    const owner = ownerOf('emulator', 'a');
    const other = ownerOf('emulator', 'b');
    for (let n = 1; n <= 25; n++) add(store, n % 3 === 0 ? other : owner, n);
    const expected = store.listIndexes(owner).map((i) => i.recordId);
    expect(expected).toHaveLength(17);
    for (const pageSize of [1, 2, 7, 16, 17, 1000]) {
      const got = [...store.iterateIndexes(owner, store.lastSeq(owner), pageSize)];
      expect(got.map((i) => i.recordId)).toEqual(expected);
    }
    store.close();
  });

  it('leaves out indexes added after the bound, even mid-read', () => {
    const store = EmulatorStore.open(':memory:');
    const owner = ownerOf('emulator', 'a');
    for (let n = 1; n <= 5; n++) add(store, owner, n);
    const read = store.iterateIndexes(owner, store.lastSeq(owner), 2);
    const first = read.next();
    add(store, owner, 6);
    const rest = [...{ [Symbol.iterator]: () => read }];
    expect([first.value?.recordId, ...rest.map((i) => i.recordId)]).toEqual([
      'id-1',
      'id-2',
      'id-3',
      'id-4',
      'id-5',
    ]);
    expect(store.lastSeq(ownerOf('emulator', 'nobody'))).toBe(0);
    expect([...store.iterateIndexes(ownerOf('emulator', 'nobody'), 0)]).toEqual([]);
    store.close();
  });
});

describe('EmulatorStore.countIndexesUpTo', () => {
  it('counts the owner’s indexes, no further than the limit', () => {
    const store = EmulatorStore.open(':memory:');
    const owner = ownerOf('emulator', 'a');
    for (let n = 1; n <= 12; n++) add(store, n % 4 === 0 ? ownerOf('emulator', 'b') : owner, n);
    expect([5, 9, 100].map((limit) => store.countIndexesUpTo(owner, limit))).toEqual([5, 9, 9]);
    expect(store.countIndexesUpTo(ownerOf('emulator', 'nobody'), 10)).toBe(0);
    store.close();
  });
});
