import { describe, expect, it } from 'vitest';
import type { StoredIndex } from './store.ts';
import { deriveStub, renderStub } from './stub-builder.ts';
import { StubMemo } from './stub-memo.ts';

const INDENT = '      ';

function row(seq: number, overrides: Partial<StoredIndex> = {}): StoredIndex {
  return {
    seq,
    recordId: `rec-${seq}`,
    serviceUri: `https://media.example.org/vault/stub-${seq}-sunrise & "dawn".jpg`,
    mediaType: 'image',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('StubMemo', () => {
  it('gives the markup renderStub writes, on one line and indented, read again from the memo', () => {
    const memo = new StubMemo();
    for (let round = 0; round < 2; round++) {
      for (const seq of [1, 2, 3]) {
        const index = row(seq);
        expect(memo.markup(index, null)).toBe(renderStub(deriveStub(index), null));
        expect(memo.markup(index, INDENT)).toBe(renderStub(deriveStub(index), INDENT));
        expect(memo.stub(index)).toEqual(deriveStub(index));
      }
    }
  });

  it('keeps each markup once: reading it again holds nothing more', () => {
    const memo = new StubMemo();
    memo.markup(row(1), null);
    memo.markup(row(1), INDENT);
    const held = memo.heldChars;
    expect(held).toBeGreaterThan(renderStub(deriveStub(row(1)), INDENT).length);
    memo.markup(row(1), null);
    memo.markup(row(1), INDENT);
    memo.stub(row(1));
    expect(memo.heldChars).toBe(held);
  });

  it('sees a row changed under the same position (SQLite reuses a deleted row’s) and forgets the old one', () => {
    const memo = new StubMemo();
    memo.markup(row(7), INDENT);
    const held = memo.heldChars;
    const changed = row(7, {
      serviceUri: 'https://other.example/ledger-2026.pdf',
      mediaType: null,
    });
    expect(memo.markup(changed, INDENT)).toBe(renderStub(deriveStub(changed), INDENT));
    expect(memo.markup(changed, INDENT)).toContain('<Title>Ledger 2026</Title>');
    expect(memo.stub(changed).title).toBe('Ledger 2026');
    expect(memo.heldChars).toBeLessThan(held);
    for (const field of ['recordId', 'mediaType', 'createdAt'] as const) {
      const other = row(7, { [field]: 'x' });
      expect(memo.markup(other, null)).toBe(renderStub(deriveStub(other), null));
    }
  });

  it('writes the markup again for another indentation, and keeps the latest', () => {
    const memo = new StubMemo();
    const index = row(3);
    memo.markup(index, INDENT);
    const deeper = `${INDENT}    `;
    expect(memo.markup(index, deeper)).toBe(renderStub(deriveStub(index), deeper));
    expect(memo.markup(index, INDENT)).toBe(renderStub(deriveStub(index), INDENT));
  });

  it('holds no more than its budget, and rows past it still get their markup', () => {
    const one = renderStub(deriveStub(row(1)), INDENT).length;
    const budget = 10 * one;
    const memo = new StubMemo(budget);
    for (let round = 0; round < 2; round++) {
      for (let seq = 1; seq <= 40; seq++) {
        const index = row(seq);
        expect(memo.markup(index, INDENT)).toBe(renderStub(deriveStub(index), INDENT));
        expect(memo.markup(index, null)).toBe(renderStub(deriveStub(index), null));
      }
    }
    expect(memo.heldChars).toBeLessThanOrEqual(budget);
    expect(memo.heldChars).toBeGreaterThan(budget / 2);
  });
});
