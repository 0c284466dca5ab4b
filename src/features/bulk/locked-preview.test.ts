import { describe, expect, it } from 'vitest';
import { lockedPreview } from './locked-preview.ts';

describe('lockedPreview', () => {
  it('keeps a short input whole, with or without a final line break', () => {
    expect(lockedPreview('a\nb\nc', 3)).toBe('a\nb\nc');
    expect(lockedPreview('a\nb\nc\n', 3)).toBe('a\nb\nc\n');
  });

  it('shows the first lines of a long input and counts the rest', () => {
    expect(lockedPreview('a\nb\nc\nd', 2)).toBe(
      'a\nb\n… 2 more lines (kept: “New job” shows them all)',
    );
    expect(lockedPreview('a\nb\nc\n', 2)).toBe(
      'a\nb\n… 1 more line (kept: “New job” shows them all)',
    );
    const big = Array.from({ length: 20_000 }, (_, i) => `https://a/${i},image`).join('\n');
    const shown = lockedPreview(big);
    expect(shown.split('\n')).toHaveLength(1_001);
    expect(shown).toContain('… 19,000 more lines');
  });
});
