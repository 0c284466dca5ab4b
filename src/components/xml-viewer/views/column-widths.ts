/**
 * The Table view's column widths: each column as wide as its header and the longest of a sample
 * of its values (a GUID or a URI reads whole), kept between a minimum and a maximum so that one
 * long text does not push every other column off screen.
 */
import { canvasTextWidth, documentCanvas } from '../../../styles/canvas-font.ts';
import type { TransferredTable } from '../../../workers/viewer/viewer-worker-protocol.ts';
import { rowsWithTable } from './table-cells.ts';

export const MIN_COLUMN_PX = 64;
export const MAX_COLUMN_PX = 480;
/** Rows measured per column: enough to meet the usual widths, few enough to stay instant. */
export const SAMPLED_ROWS = 200;
/** A cell's padding on both sides (0.5rem each). */
const CELL_PADDING_PX = 16;
/** Room for a text's fractional width, which the browser may round up where the box is whole. */
const ROUNDING_PX = 2;
/** The header's sort arrow and the resize handle beside its label. */
const HEADER_EXTRA_PX = 28;

/** Width in CSS pixels of a text in one font. */
export type MeasureText = (text: string) => number;

export function clampColumnWidth(px: number): number {
  return Math.round(Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, px)));
}

/** Widths a measurer remembers before it starts over: the samples of a few tables. */
export const REMEMBERED_WIDTHS = 20_000;

/** One measurer per font for the page's life (see textMeasurer). */
const measurers = new Map<string, MeasureText>();

/**
 * The measurer of a CSS font shorthand: a canvas's measureText where the browser draws
 * canvases, otherwise an estimate of 0.6 em per character (a typical average advance). One per
 * font, remembering what it measured: the Table sizes its columns again each time its table
 * changes (a preview growing, then the whole table), over mostly the same values.
 *
 * @example textMeasurer('13px system-ui')('3f2504e0-4f89-11d3-9a0c-0305e82c3301') // ≈ 250
 */
export function textMeasurer(font: string): MeasureText {
  let measurer = measurers.get(font);
  if (!measurer) {
    measurer = rememberedWidths(fontMeasurer(font));
    measurers.set(font, measurer);
  }
  return measurer;
}

function fontMeasurer(font: string): MeasureText {
  const context = documentCanvas();
  if (context) return canvasTextWidth(context, font);
  const em = Number.parseFloat(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? '16');
  return (text) => text.length * em * 0.6;
}

/**
 * `measure`, remembering each text's width (up to `limit` texts, then starting over).
 *
 * @example rememberedWidths(measure)('abc') // measures 'abc' once, however often asked
 */
export function rememberedWidths(measure: MeasureText, limit = REMEMBERED_WIDTHS): MeasureText {
  const widths = new Map<string, number>();
  return (text) => {
    let width = widths.get(text);
    if (width === undefined) {
      if (widths.size >= limit) widths.clear();
      width = measure(text);
      widths.set(text, width);
    }
    return width;
  };
}

/**
 * How much wider than its characters' advances added up a text may draw: kerning and ligatures
 * make it narrower, and rarely a little wider.
 */
const ESTIMATE_SLACK = 1.02;
/** Values of a column measured whole at most, widest estimate first. */
const MEASURED_WHOLE = 8;

/**
 * The width each column's content asks for, by column index.
 *
 * Every sampled value counts: values of one length (GUIDs, dates) differ in width glyph by glyph
 * in a proportional font, so the longest by characters need not be widest. Each value is first
 * estimated as its characters' advances added up (each character measured once); then values are
 * measured whole from the widest estimate down, until no estimate left could beat the widest
 * measured, at most MEASURED_WHOLE of them: past those, the widest estimate left counts at the
 * most it could measure (its estimate and the slack). A few calls where measuring every value
 * took 1,800 (tens of ms on the main thread as the Table opens).
 *
 * @param measureCell measures text in the cells' font
 * @param measureHeader measures text in the header's font (bold, maybe larger)
 */
export function contentColumnWidths(
  table: TransferredTable,
  measureCell: MeasureText,
  measureHeader: MeasureText,
): number[] {
  const rows = Math.min(rowsWithTable(table), SAMPLED_ROWS);
  const estimate = advanceSum(measureCell);
  return table.columns.map((column, c) => {
    let widest = measureHeader(column.label) + HEADER_EXTRA_PX;
    const packed = table.packed[c];
    if (packed) {
      const values: Array<{ text: string; estimate: number }> = [];
      for (let row = 0; row < rows; row++) {
        const text = packed.text.slice(packed.offsets[row] ?? 0, packed.offsets[row + 1] ?? 0);
        values.push({ text, estimate: estimate(text) });
      }
      values.sort((a, b) => b.estimate - a.estimate);
      let widestValue = 0;
      for (const [rank, value] of values.entries()) {
        const mostItCouldBe = value.estimate * ESTIMATE_SLACK;
        if (mostItCouldBe < widestValue) break;
        // Values of one length (IDs, URIs, dates) all estimate within the slack of each other:
        // past the first few measured, the widest left counts at the most it could measure.
        if (rank === MEASURED_WHOLE) {
          widestValue = mostItCouldBe;
          break;
        }
        widestValue = Math.max(widestValue, measureCell(value.text));
      }
      widest = Math.max(widest, Math.ceil(widestValue) + CELL_PADDING_PX + ROUNDING_PX);
    }
    return clampColumnWidth(widest);
  });
}

/** A text's width as the sum of its characters' widths, each character measured once. */
function advanceSum(measure: MeasureText): MeasureText {
  const advances = new Map<string, number>();
  return (text) => {
    let width = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // A surrogate pair is one character.
      const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
      const character = pair ? text.slice(i, i + 2) : text[i]!;
      if (pair) i++;
      let advance = advances.get(character);
      if (advance === undefined) {
        advance = measure(character);
        advances.set(character, advance);
      }
      width += advance;
    }
    return width;
  };
}
