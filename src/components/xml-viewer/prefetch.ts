/**
 * Loads the viewer's code (the viewer, CodeMirror) and starts its worker when the browser is idle,
 * so that the first payload does not wait for them. The chunks stay out of the first page's static
 * imports; nothing happens under test runners or where workers do not exist.
 */
import { prewarmViewerWorker } from './worker/viewer-worker-client.ts';

let scheduled = false;

/** @example prefetchViewer() // from the entry module, once */
export function prefetchViewer(): void {
  if (scheduled || typeof window === 'undefined' || typeof Worker === 'undefined') return;
  if (import.meta.env.MODE === 'test') return;
  scheduled = true;
  const run = () => {
    void import('./data-stubs-viewer.tsx');
    void import('./views/pretty-view.tsx');
    prewarmViewerWorker();
  };
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 500);
}
