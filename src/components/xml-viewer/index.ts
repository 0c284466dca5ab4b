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
import './initial-hash.ts';
import { lazyView } from '../lazy-view/lazy-view.ts';
import { prefetchViewer } from './prefetch.ts';

import type { DataStubsViewerProps } from './data-stubs-viewer-props.ts';
import type { ReceivingDataStubsProps } from './receiving-data-stubs.tsx';
import type { ViewTab } from './view-tabs.tsx';

export type { DataStubsViewerProps, ReceivingDataStubsProps, ViewTab };

export const DataStubsViewer = lazyView<DataStubsViewerProps>(() =>
  import('./data-stubs-viewer.tsx').then((m) => ({ default: m.DataStubsViewer })),
);

/** The first lines of a large payload while its answer still arrives. */
export const ReceivingDataStubs = lazyView<ReceivingDataStubsProps>(() =>
  import('./receiving-data-stubs.tsx').then((m) => ({ default: m.ReceivingDataStubs })),
);

prefetchViewer(() => Promise.all([DataStubsViewer.preload(), ReceivingDataStubs.preload()]));
