/**
 * The DataStubs viewer's public entry. The heavy views (CodeMirror, the virtualized table) load
 * when the viewer is first shown, so importing this module costs almost nothing.
 */
import { lazy } from 'react';

export type { DataStubsViewerProps } from './data-stubs-viewer-props.ts';

export const DataStubsViewer = lazy(() =>
  import('./data-stubs-viewer.tsx').then((m) => ({ default: m.DataStubsViewer })),
);
