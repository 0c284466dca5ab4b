import { describe, expect, it } from 'vitest';
import type { TransferredTable } from '../../../workers/viewer/viewer-worker-protocol.ts';
import {
  MAX_COLUMN_PX,
  MIN_COLUMN_PX,
  contentColumnWidths,
  rememberedWidths,
  textMeasurer,
} from './column-widths.ts';

function tableOf(columns: Record<string, string[]>): TransferredTable {
  const entries = Object.entries(columns);
  const rows = entries[0]?.[1].length ?? 0;
  return {
    rootName: 'AssetStubs',
    recordName: 'Stub',
    records: Int32Array.from({ length: rows }, (_, i) => i),
    columns: entries.map(([label]) => ({ key: label, label, source: 'element' as const })),
    otherChildren: 0,
    packed: entries.map(([, values]) => {
      const offsets = new Uint32Array(values.length + 1);
      values.forEach((v, i) => (offsets[i + 1] = (offsets[i] ?? 0) + v.length));
      return { text: values.join(''), offsets };
    }),
  };
}

// One pixel per character: widths read as lengths plus the padding.
const byLength = (text: string) => text.length;

describe('contentColumnWidths', () => {
  it('makes a column as wide as its longest value, a GUID whole', () => {
    const guid = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
    const [width] = contentColumnWidths(
      tableOf({ ID: ['1', guid, '22'] }),
      (text) => text.length * 7,
      byLength,
    );
    expect(width).toBe(guid.length * 7 + 16 + 2);
  });

  it('finds the widest of values of one length (a proportional font draws them unequally)', () => {
    const narrow = '11111111-1111-1111-1111-111111111111';
    const wide = 'mmmmmmmm-mmmm-mmmm-mmmm-mmmmmmmmmmmm';
    // A narrow digit, a wide letter; the wide GUID sits after nine narrow ones of equal length.
    const glyphs = (text: string) => [...text].reduce((w, ch) => w + (ch === 'm' ? 11 : 6), 0);
    const [width] = contentColumnWidths(
      tableOf({ ID: [...Array<string>(9).fill(narrow), wide] }),
      glyphs,
      byLength,
    );
    expect(width).toBe(glyphs(wide) + 16 + 2);
  });

  it('measures each character once and only the values that may be widest whole', () => {
    // Distinct values of one length, as IDs are; a pair "AV" kerns 3 px narrower whole.
    const values = Array.from({ length: 200 }, (_, i) => `AV-${String(i).padStart(4, '0')}-x`);
    values[120] = 'WWWW-WWWW-x';
    const glyph = (ch: string) => (ch === 'W' ? 12 : ch === 'A' || ch === 'V' ? 8 : 6);
    const calls: string[] = [];
    const measure = (text: string) => {
      calls.push(text);
      return [...text].reduce((w, ch) => w + glyph(ch), 0) - 3 * (text.split('AV').length - 1);
    };
    const [width] = contentColumnWidths(tableOf({ ID: values }), measure, byLength);
    expect(width).toBe(measure('WWWW-WWWW-x') + 16 + 2);
    const whole = calls.filter((text) => text.length > 1);
    expect(whole.length).toBeLessThan(5);
    expect(calls.length).toBeLessThan(30);
  });

  it('measures at most eight values whole, counting the next at the most it could measure', () => {
    // 200 values of one length whose estimates all lie within the 2% slack of each other.
    const values = Array.from({ length: 200 }, (_, i) => `id-${String(i).padStart(5, '0')}`);
    const whole: string[] = [];
    // Every glyph 10 px added up; whole, a value draws 5% narrower (kerning).
    const measure = (text: string) => {
      if (text.length > 1) whole.push(text);
      return text.length * 10 * (text.length > 1 ? 0.95 : 1);
    };
    const [width] = contentColumnWidths(tableOf({ ID: values }), measure, byLength);
    expect(whole).toHaveLength(8);
    // The ninth counts as 80 px × 1.02, more than any measured (76 px).
    expect(width).toBe(Math.max(MIN_COLUMN_PX, Math.ceil(80 * 1.02) + 16 + 2));
  });

  it('finds a kerned value that ends up widest though another added up wider', () => {
    // "AVAV…" adds up to 8 px a glyph but kerns to 5 whole; "oooo…" is 6 a glyph either way.
    const kerned = 'AV'.repeat(10);
    const plain = 'o'.repeat(21);
    const measure = (text: string) =>
      text === kerned ? 100 : [...text].reduce((w, ch) => w + (ch === 'o' ? 6 : 8), 0);
    const [width] = contentColumnWidths(tableOf({ X: [kerned, plain] }), measure, byLength);
    // 160 estimated, 100 whole: the plain value (126 estimated) may still be wider, so is measured.
    expect(width).toBe(Math.max(MIN_COLUMN_PX, 126 + 16 + 2));
  });

  it('keeps a short column wide enough for its header, a long one under the maximum', () => {
    const widths = contentColumnWidths(
      tableOf({ MediaType: ['a', 'b'], ServiceURI: ['x'.repeat(2000), 'y'] }),
      byLength,
      (text) => text.length * 10,
    );
    expect(widths[0]).toBe(Math.max(MIN_COLUMN_PX, 'MediaType'.length * 10 + 28));
    expect(widths[1]).toBe(MAX_COLUMN_PX);
  });

  it('never goes under the minimum for an empty column', () => {
    expect(contentColumnWidths(tableOf({ X: ['', ''] }), byLength, byLength)).toEqual([
      MIN_COLUMN_PX,
    ]);
  });
});

describe('textMeasurer', () => {
  it('estimates from the font size where no canvas can measure', () => {
    // jsdom has no OffscreenCanvas: 0.6 em per character.
    expect(textMeasurer('600 20px sans-serif')('abcde')).toBeCloseTo(60);
  });
});

describe('textMeasurer: one per font', () => {
  it('gives the same measurer for the same font, another for another', () => {
    expect(textMeasurer('13px sans-serif')).toBe(textMeasurer('13px sans-serif'));
    expect(textMeasurer('13px sans-serif')).not.toBe(textMeasurer('14px sans-serif'));
  });
});

describe('rememberedWidths', () => {
  it('measures each text once however often it is asked for', () => {
    const measured: string[] = [];
    const measure = rememberedWidths((text) => {
      measured.push(text);
      return text.length * 7;
    });
    expect([measure('abc'), measure('abc'), measure('de'), measure('abc')]).toEqual([
      21, 21, 14, 21,
    ]);
    expect(measured).toEqual(['abc', 'de']);
  });

  it('starts over once it remembers `limit` texts, so that it never grows without bound', () => {
    const measured: string[] = [];
    const measure = rememberedWidths((text) => {
      measured.push(text);
      return 1;
    }, 2);
    for (const text of ['a', 'b', 'a', 'c', 'a']) measure(text);
    // 'c' finds two remembered and starts over; 'a' is then measured again.
    expect(measured).toEqual(['a', 'b', 'c', 'a']);
  });
});
