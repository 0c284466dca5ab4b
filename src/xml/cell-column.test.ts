import { describe, expect, it } from 'vitest';
import { CellColumn, holdsAt } from './cell-column.ts';

describe('CellColumn', () => {
  it('holds values as ranges of one string and gives them back', () => {
    const column = CellColumn.of(['ab', '', 'c', 'déf']);
    expect(column.source).toBe('abcdéf');
    expect(column.slice()).toEqual(['ab', '', 'c', 'déf']);
    expect(column.slice(1, 3)).toEqual(['', 'c']);
    expect(column.slice(2, 99)).toEqual(['c', 'déf']);
  });

  it('answers an empty value outside its rows', () => {
    const column = CellColumn.of(['ab', 'cd']);
    expect(column.at(2)).toBe('');
    expect(column.at(-1)).toBe('');
  });

  it('keeps a written value until the cell is given a range again', () => {
    const column = new CellColumn('<a>x &amp; y</a>', 2);
    column.setValue(0, 'x & y');
    column.setRange(1, 3, 4);
    expect(column.slice()).toEqual(['x & y', 'x']);
    column.setRange(0, 3, 12);
    column.setValue(1, '');
    expect(column.slice()).toEqual(['x &amp; y', '']);
  });
});

describe('CellColumn.plainInteger', () => {
  it('reads cells written as 1 to 15 digits, and no other', () => {
    const values = [
      '0',
      '007',
      '123456789012345',
      '1234567890123456',
      '-1',
      '1.5',
      ' 1',
      '',
      '1e3',
    ];
    const column = CellColumn.of(values);
    expect(values.map((_, row) => column.plainInteger(row))).toEqual([
      0, 7, 123456789012345, -1, -1, -1, -1, -1, -1,
    ]);
    column.setValue(0, '5');
    expect(column.plainInteger(0)).toBe(-1);
  });
});

describe('holdsAt', () => {
  it('tells whether a text holds a part at a place, within the text only', () => {
    expect(holdsAt('<T>Asset</T>', 3, 'Asset')).toBe(true);
    expect(holdsAt('<T>Asset</T>', 2, 'Asset')).toBe(false);
    expect(holdsAt('<T>Asset</T>', 3, '')).toBe(true);
    expect(holdsAt('Ass', 0, 'Asset')).toBe(false);
    expect(holdsAt('Asset', -1, 'A')).toBe(false);
  });
});
