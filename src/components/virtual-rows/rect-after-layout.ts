/**
 * Options for @tanstack/react-virtual that mount a scroller without laying out the page in the
 * commit that mounts it. The virtualizer's own options read the scroller's clientHeight at once,
 * then write its scroll offset (0): each a forced layout of the whole page (tens of ms when the
 * viewer's Table opens under a large result). Here the height is expected from the window's (the
 * scroller's CSS sets it in vh) until a ResizeObserver reports it after the browser's own layout,
 * and a scroller that has not moved is not told to go where it is.
 */
import { elementScroll, type Virtualizer } from '@tanstack/react-virtual';

type Rect = { width: number; height: number };

/** Scrollers that have scrolled or been scrolled: only these can be away from the top. */
const moved = new WeakSet<Element>();

/** Reports the scroller's content box from a ResizeObserver; reads it at once where none exists (jsdom). */
export function observeRectAfterLayout<Scroller extends Element>(
  instance: Virtualizer<Scroller, Element>,
  report: (rect: Rect) => void,
): (() => void) | undefined {
  const scroller = instance.scrollElement;
  if (!scroller) return undefined;
  const onScroll = () => moved.add(scroller);
  scroller.addEventListener('scroll', onScroll, { passive: true, once: true });
  if (typeof ResizeObserver !== 'function') {
    report({ width: scroller.clientWidth, height: scroller.clientHeight });
    return () => scroller.removeEventListener('scroll', onScroll);
  }
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    const { width, height } = entry.contentRect;
    report({ width: Math.round(width), height: Math.round(height) });
  });
  observer.observe(scroller);
  return () => {
    observer.disconnect();
    scroller.removeEventListener('scroll', onScroll);
  };
}

/** Scrolls as the virtualizer does, except a scroller still at the top to the top. */
export function scrollUnlessThere<Scroller extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Scroller, Element>,
): void {
  const scroller = instance.scrollElement;
  if (!scroller) return;
  if (!moved.has(scroller) && offset + (options.adjustments ?? 0) === 0) return;
  moved.add(scroller);
  elementScroll(offset, options, instance);
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
    scrollToFn: scrollUnlessThere,
  };
}
