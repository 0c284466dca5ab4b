/**
 * The rows of a scroller of fixed-height rows that are on screen (window-layout.ts), kept up to
 * date as it scrolls and resizes, in constant time per update whatever the row count: no
 * measurement per row, so a table of 600,000 records mounts, filters and sorts without a pass
 * over its rows on the page.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  layoutWindow,
  scrollRatio,
  scrollTopForRow,
  type Geometry,
  type WindowLayout,
} from './window-layout.ts';

export interface RowWindow {
  layout: WindowLayout;
  /** The geometry of the last render, for handlers that run between renders. */
  geometryRef: RefObject<Geometry>;
  /**
   * Scrolls so that `row` shows (at the top, in the middle, or as little as needed) and renders
   * the window there now, rather than on the scroll event's frame.
   */
  scrollToRow(row: number, align: 'start' | 'center' | 'nearest'): void;
}

/**
 * @param viewportShare the scroller's CSS height as a share of the window's (70vh: 0.7): its
 *   height before a ResizeObserver measures it. Reading the scroller's own height as it mounts
 *   would lay out the page in the task that renders the rows; the window's is known without it.
 * @param measureOnMount read the scroller's height as it mounts instead (see LineWindow).
 * @param onScrolled told of each scroll event (the viewer's worker then holds its work between
 *   requests, leaving the cores to the frames).
 * @example const { layout } = useRowWindow(scrollRef, rows.length, 30, { viewportShare: 0.65, overscan: 12 });
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  rows: number,
  rowHeight: number,
  options: {
    viewportShare: number;
    overscan: number;
    measureOnMount?: boolean;
    /** Called on each scroll event, before the window follows (a frame later). */
    onScrolled?: (() => void) | undefined;
  },
): RowWindow {
  const { viewportShare, overscan, measureOnMount = false, onScrolled } = options;
  const onScrolledRef = useRef(onScrolled);
  useLayoutEffect(() => {
    onScrolledRef.current = onScrolled;
  });
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(
    () => Math.round(window.innerHeight * viewportShare) || 400,
  );
  const geometry = useMemo(
    () => ({ rows, rowHeight, viewportHeight }),
    [rows, rowHeight, viewportHeight],
  );
  const layout = layoutWindow(geometry, scrollTop, overscan);
  const geometryRef = useRef(geometry);
  useLayoutEffect(() => {
    geometryRef.current = geometry;
  });

  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    if (measureOnMount && scroller.clientHeight > 0) setViewportHeight(scroller.clientHeight);
    let frame = 0;
    const onScroll = () => {
      onScrolledRef.current?.();
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setScrollTop(scroller.scrollTop);
      });
    };
    // Over the spacer's cap a pixel of scrollbar is several rows: the wheel then moves the rows
    // by the pixels it asks for, as it does below the cap.
    const onWheel = (event: WheelEvent) => {
      const ratio = scrollRatio(geometryRef.current);
      if (ratio <= 1 || event.ctrlKey || Math.abs(event.deltaY) < Math.abs(event.deltaX)) return;
      event.preventDefault();
      const pixels = event.deltaMode === 1 ? event.deltaY * rowHeight : event.deltaY;
      scroller.scrollTop += pixels / ratio;
    };
    // Its first report comes after the browser's own layout, so reading the height there costs
    // none. Where ResizeObserver is missing (jsdom), the expected height stays.
    const resize =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (scroller.clientHeight > 0) setViewportHeight(scroller.clientHeight);
          })
        : null;
    scroller.addEventListener('scroll', onScroll, { passive: true });
    scroller.addEventListener('wheel', onWheel, { passive: false });
    resize?.observe(scroller);
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', onScroll);
      scroller.removeEventListener('wheel', onWheel);
      resize?.disconnect();
    };
  }, [scrollRef, rowHeight, measureOnMount]);

  const scrollToRow = useCallback(
    (row: number, align: 'start' | 'center' | 'nearest') => {
      const scroller = scrollRef.current;
      if (!scroller) return;
      const top = scrollTopForRow(geometryRef.current, row, align, scroller.scrollTop);
      // A scroller already there is not written to (a write lays the page out).
      if (top !== scroller.scrollTop) scroller.scrollTop = top;
      setScrollTop(top);
    },
    [scrollRef],
  );

  return { layout, geometryRef, scrollToRow };
}
