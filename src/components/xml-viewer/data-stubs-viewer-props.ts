import type { ArrivingAnalysis } from '../../workers/viewer/viewer-worker-client.ts';
import type { DataStubsForm } from '../../protocol/types.ts';
import type { TextOrHeld } from '../../text/held-text.ts';
import type { XmlSummary } from '../../xml/xml-summary.ts';
import type { ViewTab } from './view-tabs.tsx';

export interface DataStubsViewerProps {
  /**
   * The DataStubs payload as the client decoded it (standalone XML, or the decoded text); held
   * (src/text/held-text.ts) when its answer was large: the page then reads it only for the Raw
   * view and "decode again" (Tree and Table get slices from the viewer's worker, XPath's worker
   * reads the Blob itself).
   */
  xml: TextOrHeld;
  /** How the payload arrived on the wire; null is treated as 'xml'. */
  form: DataStubsForm | null;
  /** Base name for downloads, without extension. */
  fileName?: string;
  /** The whole response body exactly as received, for the Raw view; held or not. */
  rawBody?: TextOrHeld;
  /**
   * Optional: `xml` as UTF-8. When given (and not yet transferred elsewhere), the buffer is moved
   * to the viewer's worker instead of copying the text there, which keeps a long task off the
   * page for large payloads. It is detached afterwards.
   */
  xmlUtf8?: Uint8Array | undefined;
  /**
   * UTF-8 size above which the tree index and table are built only when asked (a button in the
   * Tree, Table and XPath views); default 50 MiB (Settings).
   */
  maxIndexBytes?: number | undefined;
  /**
   * Optional: receives the payload's element summary (src/xml/xml-summary.ts), counted in the
   * viewer's worker after its other passes, so the page need not scan the payload itself; null
   * when the worker failed before counting (the caller then counts on its own).
   */
  onSummary?: (summary: XmlSummary | null) => void;
  /**
   * The view it opens on: one chosen before the viewer appeared (while the answer arrived), or
   * the one the person chose for the last result.
   */
  initialTab?: ViewTab | null;
  /** Told each view the person chooses (a tab, or a link to a view), so the next result opens on it. */
  onTabChange?: ((tab: ViewTab) => void) | undefined;
  /**
   * The payload's first characters as they arrived (CallOptions.onDataStubsHead): the first
   * screen until a held payload's start is read back.
   */
  receivedHead?: string | null;
  /**
   * This payload's analysis begun while its answer arrived (analyzePayloadAsItArrives): taken
   * over instead of analyzing the payload again, unless the parts turn out not to be it.
   */
  arriving?: ArrivingAnalysis | null;
}
