import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  DECIMAL_NUMBER,
  SPREADSHEET_FORMULA,
  escapeFormula,
  unescapeFormula,
} from './spreadsheet-formula.ts';

/** What a spreadsheet would run as a formula: the first character (OWASP's CSV injection list). */
const STARTS_AS_FORMULA = /^[=+\-@\t\r]/;

/** Strings made mostly of the characters that matter here, so the edge cases come up often. */
const tricky = fc
  .array(
    fc.oneof(
      fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', "'", '"', ',', ' ', '.', 'e', '5', '1'),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('escapeFormula', () => {
  it('escapes a cell that starts with = + - @, a tab or a CR, line breaks after it included', () => {
    for (const cell of [
      '=1+1',
      '+cmd',
      '-x',
      '@SUM(A1)',
      '\tTAB',
      '\rCR',
      '=HYPERLINK("http://evil")\nx',
      "+cmd|' /C calc'!A0\r\n",
      '-2+3\n',
      '@a\rb',
      '\t\n',
      '\r\n=1',
      '=',
      '-',
      '=5',
      '@5',
      '--5',
      '-5\n',
      '-5 ',
      '+1.5\r',
      '-1.2.3',
      '- 5',
    ]) {
      expect(escapeFormula(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves plain signed numbers as numbers, and cells that start otherwise as they are', () => {
    for (const cell of [
      '-5',
      '+1.5',
      '-.5',
      '+1.',
      '-1e3',
      '+2E-3',
      '42',
      '',
      'a=1',
      ' =1+1',
      '\n=1',
      "'abc",
      "'5",
      "''",
      'https://a/1',
    ]) {
      expect(escapeFormula(cell), JSON.stringify(cell)).toBe(cell);
    }
  });

  it("escapes a cell that already starts with ' before a formula character, so it reads back", () => {
    expect(escapeFormula("'=x")).toBe("''=x");
    expect(escapeFormula("'''+y")).toBe("''''+y");
    expect(escapeFormula("'-5")).toBe("''-5");
    expect(unescapeFormula("''=x")).toBe("'=x");
    expect(unescapeFormula("'''+y")).toBe("''+y");
  });

  it('never lets a spreadsheet see a formula, and reads back exactly what it was given', () => {
    fc.assert(
      fc.property(tricky, (cell) => {
        const out = escapeFormula(cell);
        expect(
          out.startsWith("'") || !STARTS_AS_FORMULA.test(out) || DECIMAL_NUMBER.test(out),
        ).toBe(true);
        expect(unescapeFormula(out)).toBe(cell);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads back the files papaparse escapeFormulae: true wrote before (signed numbers escaped)', () => {
    expect(unescapeFormula("'-5")).toBe('-5');
    expect(unescapeFormula("'=1+1")).toBe('=1+1');
    expect(unescapeFormula("'abc")).toBe("'abc");
    expect(unescapeFormula('plain')).toBe('plain');
  });
});

describe('SPREADSHEET_FORMULA', () => {
  it('makes papaparse escapeFormulae escape exactly what escapeFormula does, line breaks included', () => {
    fc.assert(
      fc.property(fc.array(tricky, { minLength: 1, maxLength: 8 }), (cells) => {
        // A first cell of its own, so that a line of one empty cell is still a row when read.
        const row = ['x', ...cells];
        const line = Papa.unparse([row], { escapeFormulae: SPREADSHEET_FORMULA, newline: '\n' });
        const back = Papa.parse<string[]>(line, { newline: '\n', delimiter: ',' }).data[0];
        expect(back).toEqual(row.map(escapeFormula));
      }),
      { numRuns: 500 },
    );
  });
});

describe('DECIMAL_NUMBER', () => {
  it('is a decimal number, signed or not, with nothing around it', () => {
    for (const yes of ['0', '-5', '+1.5', '.5', '1.', '1e3', '-2E-3']) {
      expect(DECIMAL_NUMBER.test(yes), yes).toBe(true);
    }
    for (const no of ['', '-', '.', '1.2.3', '1e', ' 1', '1 ', '1\n', '0x10', '=1']) {
      expect(DECIMAL_NUMBER.test(no), JSON.stringify(no)).toBe(false);
    }
  });
});
