import { describe, expect, it } from 'vitest';
import { packRows, packedBuffers, unpackRows } from './table-transfer.ts';

describe('packRows and unpackRows', () => {
  it('give back the values of the rows asked for, in their order, whatever the values', () => {
    const columns = [
      ['a', '', 'Café 😀', 'x'.repeat(1000), ''],
      ['1', '2', '3', '4', '5'],
    ];
    const rows = [4, 2, 2, 0, 3];
    const packed = packRows(columns, rows);
    expect(packed).toHaveLength(2);
    expect(unpackRows(packed)).toEqual(rows.map((row) => columns.map((column) => column[row])));
    expect(packedBuffers(packed)).toEqual(packed.map((column) => column.offsets.buffer));
  });

  it('packs no rows as empty columns, and a row beyond the table as empty cells', () => {
    expect(unpackRows(packRows([['a'], ['b']], []))).toEqual([]);
    expect(unpackRows(packRows([['a'], ['b']], [5]))).toEqual([['', '']]);
  });
});
