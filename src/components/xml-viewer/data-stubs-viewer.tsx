import type { DataStubsViewerProps } from './data-stubs-viewer-props.ts';

// First cut: the text as received. The pretty, tree, table and raw views replace this.
export function DataStubsViewer({ xml }: DataStubsViewerProps) {
  return (
    <pre aria-label="DataStubs XML" className="xml-viewer-raw">
      {xml}
    </pre>
  );
}
