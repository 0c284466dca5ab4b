import type { DataStubsForm } from '../../protocol/types.ts';

export interface DataStubsViewerProps {
  /** The DataStubs payload as the client decoded it (standalone XML, or the decoded text). */
  xml: string;
  /** How the payload arrived on the wire; null is treated as 'xml'. */
  form: DataStubsForm | null;
  /** Base name for downloads, without extension. */
  fileName?: string;
  /** The whole response body exactly as received, for the Raw view. */
  rawBody?: string;
}
