/**
 * The DataStubs viewer's public entry. The heavy views (CodeMirror, the virtualized table) load
 * when the viewer is first shown, so importing this module costs almost nothing.
 *
 * @example
 * <Suspense fallback={null}>
 *   <DataStubsViewer xml={xml} form="xml" fileName="stubs" rawBody={body} />
 * </Suspense>
 */
// Captures a #node= deep link before the console's router rewrites the URL.
import './core/initial-hash.ts';
import { lazyView } from './lazy-view.ts';
import { prefetchViewer } from './prefetch.ts';
import { DEFAULT_MAX_INDEX_BYTES } from './data-stubs-viewer-props.ts';
import { prestartViewerWorker } from './worker/viewer-worker-client.ts';

import type { DataStubsViewerProps } from './data-stubs-viewer-props.ts';

export type { DataStubsViewerProps };

export const DataStubsViewer = lazyView<DataStubsViewerProps>(() =>
  import('./data-stubs-viewer.tsx').then((m) => ({ default: m.DataStubsViewer })),
);

prefetchViewer(DataStubsViewer.preload);

/**
 * Starts analysing a payload the moment it arrives, before the page renders the result around
 * the viewer: a DataStubsViewer (default `maxIndexBytes`) mounted with the same text takes the
 * run over instead of starting its own. The bytes are transferred (detached).
 *
 * @example handNextPayloadTo(prestartDataStubsViewer) // before a call whose result is shown
 */
export function prestartDataStubsViewer(text: string, utf8: ArrayBuffer): void {
  prestartViewerWorker(text, utf8, DEFAULT_MAX_INDEX_BYTES);
}
