/**
 * The Table view's column widths: each column as wide as its header and the longest of a sample
 * of its values (a GUID or a URI reads whole), kept between a minimum and a maximum so that one
 * long text does not push every other column off screen.
 */
import type { TransferredTable } from '../../../workers/viewer/viewer-worker-protocol.ts';

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

/**
 * A measurer for a CSS font shorthand: a canvas's measureText where the browser draws canvases,
 * otherwise an estimate of 0.6 em per character (a typical average advance).
 *
 * @example textMeasurer('13px system-ui')('3f2504e0-4f89-11d3-9a0c-0305e82c3301') // ≈ 250
 */
export function textMeasurer(font: string): MeasureText {
  // A canvas of the page's document, which resolves font names (system-ui) as the page does; an
  // OffscreenCanvas may fall back to another font. Only where canvases draw (not in jsdom).
  const context =
    typeof OffscreenCanvas === 'undefined'
      ? null
      : document.createElement('canvas').getContext('2d');
  if (context) {
    context.font = font;
    return (text) => context.measureText(text).width;
  }
  const em = Number.parseFloat(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? '16');
  return (text) => text.length * em * 0.6;
}

/**
 * The width each column's content asks for, by column index.
 *
 * @param measureCell measures text in the cells' font
 * @param measureHeader measures text in the header's font (bold, maybe larger)
 */
export function contentColumnWidths(
  table: TransferredTable,
  measureCell: MeasureText,
  measureHeader: MeasureText,
): number[] {
  const rows = Math.min(table.records.length, SAMPLED_ROWS);
  return table.columns.map((column, c) => {
    let widest = measureHeader(column.label) + HEADER_EXTRA_PX;
    const packed = table.packed[c];
    if (packed) {
      // Every sampled value is measured: values of one length (GUIDs, dates) differ in width
      // glyph by glyph in a proportional font, so the longest by characters need not be widest.
      for (let row = 0; row < rows; row++) {
        const text = packed.text.slice(packed.offsets[row] ?? 0, packed.offsets[row + 1] ?? 0);
        widest = Math.max(widest, Math.ceil(measureCell(text)) + CELL_PADDING_PX + ROUNDING_PX);
      }
    }
    return clampColumnWidth(widest);
  });
}
