/**
 * Loads the viewer's code (the viewer, CodeMirror) and starts its worker when the browser is idle,
 * so that the first payload does not wait for them. The chunks stay out of the first page's static
 * imports; nothing happens under test runners or where workers do not exist.
 */
import { prewarmViewerWorker } from './worker/viewer-worker-client.ts';

let scheduled = false;

/** @example prefetchViewer(DataStubsViewer.preload) // from the entry module, once */
export function prefetchViewer(preloadViewer: () => Promise<unknown>): void {
  if (scheduled || typeof window === 'undefined' || typeof Worker === 'undefined') return;
  if (import.meta.env.MODE === 'test') return;
  scheduled = true;
  const run = () => {
    // The viewer's module preloads its views (CodeMirror first) as soon as it is evaluated.
    void preloadViewer()
      .then(() => import('./data-stubs-viewer.tsx'))
      .then((m) => m.preloadViews());
    prewarmViewerWorker();
  };
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 500);
}
