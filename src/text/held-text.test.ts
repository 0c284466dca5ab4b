import { describe, expect, it, vi } from 'vitest';
import { holdText, isHeld, readText, readTextStart, stringStart, textBlob } from './held-text.ts';

const sample = '<a>é 😀 ü</a>';
const held = (text: string) => holdText(new Blob([text]), text.length);

describe('held text', () => {
  it('tells a held text from a string and from null', () => {
    expect(isHeld(held(sample))).toBe(true);
    expect(isHeld(sample)).toBe(false);
    expect(isHeld(null)).toBe(false);
    expect(isHeld(undefined)).toBe(false);
  });

  it('reads back the very text, held or not', async () => {
    expect(await readText(held(sample))).toBe(sample);
    expect(await readText(sample)).toBe(sample);
  });

  it('drops a byte order mark as the text would have', async () => {
    const withBom = holdText(new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), 'x']), 1);
    expect(await readText(withBom)).toBe('x');
    expect(await readTextStart(withBom, 10)).toBe('x');
  });

  it('makes a typed Blob of the same bytes', async () => {
    for (const text of [sample, held(sample)]) {
      const blob = textBlob(text, 'application/xml');
      expect(blob.type).toBe('application/xml');
      expect(await blob.text()).toBe(sample);
    }
  });

  it('reads the start of a text at every cut, never half a character', async () => {
    for (let chars = 0; chars <= sample.length + 1; chars++) {
      const fromHeld = await readTextStart(held(sample), chars);
      const fromString = await readTextStart(sample, chars);
      expect(fromString).toBe(fromHeld);
      expect(sample.startsWith(fromHeld)).toBe(true);
      expect(fromHeld).not.toMatch(/\uFFFD|[\uD800-\uDBFF]$/);
      expect(fromHeld.length).toBeGreaterThanOrEqual(Math.min(chars, sample.length) - 1);
    }
  });

  it('reads no more than three bytes a character of a long held text', async () => {
    const long = 'x'.repeat(10_000);
    expect(await readTextStart(held(long), 100)).toBe('x'.repeat(100));
  });

  it('reads as many bytes as characters asked for of an ASCII text, not three times as many', async () => {
    const slice = vi.spyOn(Blob.prototype, 'slice');
    try {
      const start = await readTextStart(held('x'.repeat(1_000_000)), 100_000);
      expect(start).toBe('x'.repeat(100_000));
      const bytes = slice.mock.calls.reduce((sum, [from = 0, to = 0]) => sum + (to - from), 0);
      expect(bytes).toBe(100_000);
    } finally {
      slice.mockRestore();
    }
  });

  it('reads on where characters take more bytes, whole at every length', async () => {
    // Three bytes a character, a four-byte one between: reads must grow past the first guess.
    const wide = '語'.repeat(20_000) + '😀' + 'ü'.repeat(20_000);
    for (const chars of [1, 5_000, 20_000, 20_001, 20_002, 30_000, 40_002, 50_000]) {
      const start = await readTextStart(held(wide), chars);
      expect(start).toBe(stringStart(wide, chars));
    }
  });
});
