import { describe, expect, it } from 'vitest';
import { firstLine, formatBytes, formatDuration } from './format.ts';

describe('format', () => {
  it('writes byte counts in B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('writes durations in ms and s, and a dash for no duration', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(1234.5)).toBe('1.23 s');
    expect(formatDuration(Number.NaN)).toBe('—');
  });

  it('keeps the first line, marking that more follows', () => {
    expect(firstLine('one line')).toBe('one line');
    expect(firstLine('Server was unable\n   at X()')).toBe('Server was unable…');
    expect(firstLine('\nafter a newline')).toBe('…');
  });
});
