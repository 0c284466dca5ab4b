import { describe, expect, it } from 'vitest';
import { searchText } from './search-text.ts';

describe('searchText', () => {
  it('finds every case-insensitive match with its start offset', () => {
    const result = searchText('<Stub/>\n<stub>STUB</stub>', 'stub');
    expect(Array.from(result.positions)).toEqual([1, 9, 14, 20]);
    expect(result).toMatchObject({ length: 4, total: 4 });
  });

  it('treats the query literally', () => {
    expect(searchText('a.b axb (a.b)', 'a.b').total).toBe(2);
    expect(searchText('[x] x', '[x]').positions[0]).toBe(0);
  });

  it('folds non-ASCII case and keeps UTF-16 offsets', () => {
    const result = searchText('😀 Ärger ärger', 'ÄRGER');
    expect(Array.from(result.positions)).toEqual([3, 9]);
  });

  it('counts beyond the stored positions', () => {
    const result = searchText('ab'.repeat(5000), 'a', 1000);
    expect(result.total).toBe(5000);
    expect(result.positions).toHaveLength(1000);
    expect(result.positions[999]).toBe(1998);
  });

  it('returns nothing for an empty query', () => {
    expect(searchText('abc', '').total).toBe(0);
  });
});
