/**
 * A lazily loaded component that renders at once when its code is already loaded (preload it
 * ahead). `React.lazy` suspends on its first render even when the module was prefetched, and
 * React delays revealing a Suspense boundary's content by up to 300 ms after its fallback
 * appeared: longer than the rest of the way from a response to the viewer's first lines, and
 * most of the time it took the raw exchange panel to open. The component is memoized: the viewer
 * re-renders on every progress message while a payload loads, with the same view props.
 */
import { createElement, lazy, memo, type ComponentType } from 'react';

export interface LazyView<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts loading the code; the next render needs no Suspense fallback once it is in. */
  preload(): Promise<unknown>;
}

/** @example const PrettyView = lazyView(() => import('./views/pretty-view.tsx')); */
export function lazyView<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyView<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = memo(module.default) as unknown as ComponentType<P>;
      return { default: loaded };
    }));
  const Lazy = lazy(start);
  const view = (props: P) => createElement(loaded ?? (Lazy as unknown as ComponentType<P>), props);
  return Object.assign(view, { preload: start });
}
