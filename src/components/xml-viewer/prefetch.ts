/**
 * Loads the viewer's code (the viewer and its views) and starts its worker when the browser is idle,
 * so that the first payload does not wait for them. The chunks stay out of the first page's static
 * imports; nothing happens under test runners or where workers do not exist.
 */
import { whenIdle } from '../../tasks/when-idle.ts';
import { prewarmViewerWorker } from '../../workers/viewer/viewer-worker-client.ts';
import { workAheadEnded } from '../../tasks/work-ahead.ts';

let scheduled = false;

/** @example prefetchViewer(DataStubsViewer.preload) // from the entry module, once */
export function prefetchViewer(preloadViewer: () => Promise<unknown>): void {
  if (scheduled || typeof window === 'undefined' || typeof Worker === 'undefined') return;
  if (import.meta.env.MODE === 'test') return;
  scheduled = true;
  whenIdle(
    () => {
      // The viewer's module preloads its views as soon as it is evaluated; the page's
      // pretty-printer then runs once over a small document, at the next idle moment.
      void preloadViewer()
        .then(() => import('./data-stubs-viewer.tsx'))
        .then((m) =>
          m.preloadViews().then(() =>
            whenIdle(
              () => {
                if (!workAheadEnded()) m.warmUpViews();
              },
              2000,
              500,
            ),
          ),
        );
      prewarmViewerWorker();
    },
    2000,
    500,
  );
}
