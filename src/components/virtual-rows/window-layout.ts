/**
 * Which rows of a long list of fixed-height rows are on screen, for a scroller whose content
 * height may exceed what a browser can lay out (about 33 million pixels in Chromium, 17 million
 * in Firefox): above `MAX_SCROLL_PX` the spacer is capped and a scroll position maps to a row in
 * proportion, so 3.6 million lines of a 250 MB payload stay reachable with the scrollbar.
 */

/** The tallest spacer the window uses; below every browser's limit. */
export const MAX_SCROLL_PX = 8_000_000;

export interface WindowLayout {
  /** The spacer's height in pixels (the scroller's content). */
  spacerHeight: number;
  /** The first row rendered (overscan included). */
  firstRow: number;
  /** How many rows from `firstRow` are rendered. */
  rowCount: number;
  /** Where `firstRow`'s top sits inside the spacer, in pixels. */
  top: number;
  /**
   * The most rows a window of this geometry renders. Keyed `index % slots`, the rows of any
   * window have distinct keys, a row keeps its element while it stays in the window, and a row
   * scrolled in takes over the element of one scrolled out instead of a new one being made.
   */
  slots: number;
}

export interface Geometry {
  rows: number;
  rowHeight: number;
  viewportHeight: number;
}

function scale({ rows, rowHeight, viewportHeight }: Geometry) {
  const contentHeight = rows * rowHeight;
  const spacerHeight = Math.min(contentHeight, MAX_SCROLL_PX);
  const maxScroll = Math.max(0, spacerHeight - viewportHeight);
  const maxVirtual = Math.max(0, contentHeight - viewportHeight);
  // Pixels of content per pixel of scrolling: 1 unless the content is over the cap.
  const ratio = maxScroll > 0 ? maxVirtual / maxScroll : 1;
  return { spacerHeight, maxScroll, maxVirtual, ratio };
}

/**
 * @example layoutWindow({ rows: 1000, rowHeight: 20, viewportHeight: 400 }, 200, 5)
 * // { spacerHeight: 20000, firstRow: 5, rowCount: 31, top: 100, slots: 31 }
 */
export function layoutWindow(
  geometry: Geometry,
  scrollTop: number,
  overscan: number,
): WindowLayout {
  const { rows, rowHeight, viewportHeight } = geometry;
  const { spacerHeight, maxScroll, ratio } = scale(geometry);
  const scrolled = Math.max(0, Math.min(scrollTop, maxScroll));
  const virtualTop = scrolled * ratio;
  const firstOnScreen = Math.min(Math.floor(virtualTop / rowHeight), Math.max(0, rows - 1));
  const firstRow = Math.max(0, firstOnScreen - overscan);
  // The first row on screen sits where the virtual position puts it relative to the viewport.
  const top =
    scrolled - (virtualTop - firstOnScreen * rowHeight) - (firstOnScreen - firstRow) * rowHeight;
  const onScreen = Math.ceil(viewportHeight / rowHeight) + 1;
  // Overscan on either side of the rows on screen: at the top, none above and no more below.
  const rowCount = Math.max(
    0,
    Math.min(rows - firstRow, firstOnScreen - firstRow + onScreen + overscan),
  );
  return { spacerHeight, firstRow, rowCount, top, slots: onScreen + 2 * overscan };
}

/**
 * The scroll position that shows `row`: at the viewport's top, its middle, or only as far as
 * needed to bring it into view (`nearest`, given the current position).
 */
export function scrollTopForRow(
  geometry: Geometry,
  row: number,
  align: 'start' | 'center' | 'nearest',
  currentScrollTop = 0,
): number {
  const { rowHeight, viewportHeight } = geometry;
  const { maxScroll, maxVirtual, ratio } = scale(geometry);
  const rowTop = row * rowHeight;
  let virtual: number;
  if (align === 'start') virtual = rowTop;
  else if (align === 'center') virtual = rowTop - (viewportHeight - rowHeight) / 2;
  else {
    const currentVirtual = currentScrollTop * ratio;
    if (rowTop < currentVirtual) virtual = rowTop;
    else if (rowTop + rowHeight > currentVirtual + viewportHeight)
      virtual = rowTop + rowHeight - viewportHeight;
    else return currentScrollTop;
  }
  const clamped = Math.max(0, Math.min(virtual, maxVirtual));
  return Math.min(maxScroll, clamped / ratio);
}

/** Pixels of content one pixel of scrolling moves (1 unless the content is over the cap). */
export function scrollRatio(geometry: Geometry): number {
  return scale(geometry).ratio;
}
