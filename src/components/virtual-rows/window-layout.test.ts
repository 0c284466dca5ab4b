import { describe, expect, it } from 'vitest';
import { layoutWindow, MAX_SCROLL_PX, scrollRatio, scrollTopForRow } from './window-layout.ts';

const small = { rows: 1000, rowHeight: 20, viewportHeight: 400 };
// 3.6 million rows of 20 px: 72 million pixels, over every browser's limit.
const huge = { rows: 3_600_000, rowHeight: 20, viewportHeight: 400 };

describe('layoutWindow', () => {
  it('maps a scroll position to rows one to one below the cap', () => {
    expect(layoutWindow(small, 200, 5)).toEqual({
      spacerHeight: 20_000,
      firstRow: 5,
      rowCount: 31,
      top: 100,
      slots: 31,
    });
    expect(layoutWindow(small, 0, 5)).toMatchObject({ firstRow: 0, top: 0 });
  });

  it('renders the overscan on either side of the rows on screen, not twice below the first', () => {
    // 21 rows on screen (400 px, one partly shown) and 5 below; none above row 0.
    expect(layoutWindow(small, 0, 5)).toMatchObject({ firstRow: 0, rowCount: 26 });
    expect(layoutWindow(small, 60, 5)).toMatchObject({ firstRow: 0, rowCount: 29 });
  });

  it('gives every window no more rows than its slots, so that index % slots keys them apart', () => {
    for (const geometry of [small, huge, { rows: 40, rowHeight: 30, viewportHeight: 263 }]) {
      const maxScroll = Math.min(geometry.rows * geometry.rowHeight, MAX_SCROLL_PX);
      for (let scrollTop = 0; scrollTop <= maxScroll; scrollTop += maxScroll / 997) {
        const { firstRow, rowCount, slots } = layoutWindow(geometry, scrollTop, 5);
        expect(rowCount).toBeLessThanOrEqual(slots);
        const keys = new Set(Array.from({ length: rowCount }, (_, i) => (firstRow + i) % slots));
        expect(keys.size).toBe(rowCount);
      }
    }
  });

  it('places a partly scrolled row so that the text moves pixel by pixel', () => {
    const at = layoutWindow(small, 207, 0);
    expect(at.firstRow).toBe(10);
    expect(at.top).toBe(200); // the row's top is 7 px above the viewport's top (207)
  });

  it('never renders past the last row, even when scrolled beyond the end', () => {
    const end = layoutWindow(small, 1e9, 5);
    expect(end.firstRow + end.rowCount).toBe(1000);
    const lastOnScreen = layoutWindow(small, small.rows * 20 - 400, 0);
    expect(lastOnScreen.firstRow + lastOnScreen.rowCount).toBe(1000);
  });

  it('caps the spacer for content over the limit and reaches the first and the last row', () => {
    const top = layoutWindow(huge, 0, 0);
    expect(top.spacerHeight).toBe(MAX_SCROLL_PX);
    expect(top.firstRow).toBe(0);
    const bottom = layoutWindow(huge, MAX_SCROLL_PX - 400, 0);
    expect(bottom.firstRow + bottom.rowCount).toBe(huge.rows);
    // The rows shown end at the viewport's bottom, not below it.
    const lastRowTop = bottom.top + (huge.rows - 1 - bottom.firstRow) * 20;
    expect(lastRowTop + 20).toBeCloseTo(MAX_SCROLL_PX, 6);
  });

  it('handles an empty list and a viewport taller than the content', () => {
    expect(layoutWindow({ rows: 0, rowHeight: 20, viewportHeight: 400 }, 0, 5)).toMatchObject({
      rowCount: 0,
      spacerHeight: 0,
    });
    expect(layoutWindow({ rows: 3, rowHeight: 20, viewportHeight: 400 }, 50, 5)).toMatchObject({
      firstRow: 0,
      rowCount: 3,
      top: 0,
    });
  });
});

describe('scrollTopForRow', () => {
  it.each([small, huge])('brings any row into view (%o)', (geometry) => {
    for (const row of [0, 1, 499, Math.floor(geometry.rows / 2), geometry.rows - 1]) {
      for (const align of ['start', 'center', 'nearest'] as const) {
        const scrollTop = scrollTopForRow(geometry, row, align, 0);
        const layout = layoutWindow(geometry, scrollTop, 0);
        expect(row).toBeGreaterThanOrEqual(layout.firstRow);
        expect(row).toBeLessThan(layout.firstRow + layout.rowCount);
        const rowTop = layout.top + (row - layout.firstRow) * geometry.rowHeight;
        // Wholly inside the viewport.
        expect(rowTop).toBeGreaterThanOrEqual(Math.min(scrollTop, layout.spacerHeight) - 1e-6);
        expect(rowTop + geometry.rowHeight).toBeLessThanOrEqual(
          scrollTop + geometry.viewportHeight + 1e-6,
        );
      }
    }
  });

  it('leaves the position alone for a row already in view (nearest)', () => {
    expect(scrollTopForRow(small, 12, 'nearest', 200)).toBe(200);
    expect(scrollTopForRow(small, 40, 'nearest', 200)).toBe(420);
  });

  it('reports the scroll ratio', () => {
    expect(scrollRatio(small)).toBe(1);
    expect(scrollRatio(huge)).toBeCloseTo((72_000_000 - 400) / (MAX_SCROLL_PX - 400), 6);
  });
});
