/**
 * Options for @tanstack/react-virtual that size a scroller without laying out the page as it
 * mounts. The virtualizer's own observer reads the scroller's clientHeight at once, in the commit
 * that mounts it: a forced layout of the whole page (tens of ms when the viewer's Table opens
 * under a large result). Here the height is expected from the window's (the scroller's CSS sets
 * it in vh) until a ResizeObserver reports it after the browser's own layout.
 */
import type { Virtualizer } from '@tanstack/react-virtual';

type Rect = { width: number; height: number };

/** Reports the scroller's content box from a ResizeObserver; reads it at once where none exists (jsdom). */
export function observeRectAfterLayout<Scroller extends Element>(
  instance: Virtualizer<Scroller, Element>,
  report: (rect: Rect) => void,
): (() => void) | undefined {
  const scroller = instance.scrollElement;
  if (!scroller) return undefined;
  if (typeof ResizeObserver !== 'function') {
    report({ width: scroller.clientWidth, height: scroller.clientHeight });
    return undefined;
  }
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    const { width, height } = entry.contentRect;
    report({ width: Math.round(width), height: Math.round(height) });
  });
  observer.observe(scroller);
  return () => observer.disconnect();
}

/**
 * The virtualizer options for a scroller whose height is `share` of the window's (65vh: 0.65),
 * or `pixels` when given.
 * @example useVirtualizer({ count, getScrollElement, estimateSize, ...sizedAfterLayout({ share: 0.65 }) })
 */
export function sizedAfterLayout(size: { share: number } | { pixels: number }) {
  const height =
    'pixels' in size
      ? size.pixels
      : Math.round((typeof window === 'undefined' ? 0 : window.innerHeight) * size.share);
  return {
    initialRect: { width: typeof window === 'undefined' ? 0 : window.innerWidth, height },
    observeElementRect: observeRectAfterLayout,
  };
}
