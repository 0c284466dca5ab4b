import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { canvasFont } from '../../../styles/canvas-font.ts';
import type { TransferredTable } from '../../../workers/viewer/viewer-worker-protocol.ts';
import { MIN_COLUMN_PX, contentColumnWidths, textMeasurer } from './column-widths.ts';

function fontOf(element: HTMLElement | null, fallback: string): string {
  if (!element) return fallback;
  const style = getComputedStyle(element);
  return style.fontSize ? canvasFont(style) : fallback;
}

interface GridFonts {
  cell: string;
  header: string;
}

/**
 * The grid's fonts, read from the first grid in each document. Every Table of the page draws in
 * the same fonts (xml-viewer.css), and reading them is a style recalculation of the grid just
 * inserted, then a second render of the whole Table in the same task (about 100 ms of the
 * viewer's Table mount in a traced 10 MB load, after the head's Table had read the same fonts).
 */
const gridFonts = new WeakMap<Document, GridFonts>();

function readGridFonts(grid: HTMLElement): GridFonts {
  let fonts = gridFonts.get(grid.ownerDocument);
  if (!fonts) {
    fonts = {
      cell: fontOf(grid.querySelector<HTMLElement>('.xv-grid-scroll'), '13px sans-serif'),
      header: fontOf(grid.querySelector<HTMLElement>('.xv-grid-head'), '600 16px sans-serif'),
    };
    gridFonts.set(grid.ownerDocument, fonts);
  }
  return fonts;
}

/** Widths the user chose, by column key, and their setter: held by whoever outlives the Table. */
export type ChosenWidths = [
  Record<string, number>,
  Dispatch<SetStateAction<Record<string, number>>>,
];

/**
 * The Table's column widths: sized to their content in the fonts the grid really uses, and the
 * widths the user chose by resizing, by column key: kept while the Table lives, or while `kept`'s
 * holder does (the viewer keeps them across a switch to another view and back).
 */
export function useColumnWidths(table: TransferredTable, kept?: ChosenWidths) {
  const [fonts, setFonts] = useState<GridFonts | null>(
    () => (typeof document === 'undefined' ? undefined : gridFonts.get(document)) ?? null,
  );
  /** For the grid's element: reads the fonts of its body and header once it is in the page. */
  const gridRef = useCallback((grid: HTMLElement | null) => {
    if (!grid) return;
    const read = readGridFonts(grid);
    setFonts((known) => known ?? read);
  }, []);
  const content = useMemo(
    () =>
      fonts
        ? contentColumnWidths(table, textMeasurer(fonts.cell), textMeasurer(fonts.header))
        : null,
    [table, fonts],
  );
  const own = useState<Record<string, number>>({});
  const [chosen, setChosen] = kept ?? own;
  const widthOf = (column: number): number => {
    const key = table.columns[column]?.key ?? '';
    return chosen[key] ?? content?.[column] ?? MIN_COLUMN_PX;
  };
  const resize = useCallback(
    (key: string, width: number) => setChosen((previous) => ({ ...previous, [key]: width })),
    [setChosen],
  );
  return { widthOf, resize, gridRef };
}
