// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Virtualizer } from '@tanstack/react-virtual';
import {
  observeRectAfterLayout,
  scrollUnlessThere,
  sizedAfterLayout,
} from './rect-after-layout.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function scrollerOf(element: HTMLElement) {
  return { scrollElement: element } as unknown as Virtualizer<HTMLElement, Element>;
}

describe('observeRectAfterLayout', () => {
  it("reports the ResizeObserver's size, never reading the scroller's layout itself", () => {
    let notify: ResizeObserverCallback = () => undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          notify = callback;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const clientHeight = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get');
    const reports: Array<{ width: number; height: number }> = [];
    const stop = observeRectAfterLayout(scrollerOf(document.createElement('div')), (rect) =>
      reports.push(rect),
    );
    expect(reports).toEqual([]);
    const entry = { contentRect: { width: 800.4, height: 584.6 } } as ResizeObserverEntry;
    notify([entry], {} as ResizeObserver);
    expect(reports).toEqual([{ width: 800, height: 585 }]);
    expect(clientHeight).not.toHaveBeenCalled();
    stop?.();
    expect(disconnect).toHaveBeenCalled();
  });

  it('reads the size at once where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    const reports: Array<{ width: number; height: number }> = [];
    observeRectAfterLayout(scrollerOf(document.createElement('div')), (rect) => reports.push(rect));
    expect(reports).toEqual([{ width: 0, height: 300 }]);
  });
});

describe('scrollUnlessThere', () => {
  it('leaves a scroller that never moved at the top, and scrolls it anywhere else', () => {
    const scroller = document.createElement('div');
    const scrollTo = vi.fn();
    scroller.scrollTo = scrollTo as typeof scroller.scrollTo;
    const instance = { ...scrollerOf(scroller), options: { horizontal: false } } as never;
    scrollUnlessThere(0, {}, instance);
    expect(scrollTo).not.toHaveBeenCalled();
    scrollUnlessThere(120, {}, instance);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 120, behavior: undefined });
    scrollUnlessThere(0, {}, instance);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: undefined });
  });

  it('scrolls back to the top a scroller the user moved', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const scroller = document.createElement('div');
    const scrollTo = vi.fn();
    scroller.scrollTo = scrollTo as typeof scroller.scrollTo;
    const instance = { ...scrollerOf(scroller), options: { horizontal: false } } as never;
    observeRectAfterLayout(instance, () => undefined);
    scroller.dispatchEvent(new Event('scroll'));
    scrollUnlessThere(0, {}, instance);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: undefined });
  });
});

describe('sizedAfterLayout', () => {
  it("expects the scroller's height from the window's, or as given", () => {
    vi.stubGlobal('innerHeight', 1000);
    expect(sizedAfterLayout({ share: 0.65 }).initialRect.height).toBe(650);
    expect(sizedAfterLayout({ pixels: 378 }).initialRect.height).toBe(378);
  });
});
