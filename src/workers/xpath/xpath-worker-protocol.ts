/** What the XPath worker serves: the payload is loaded once per worker, then queried. */
import type { XPathValue } from '../../xml/xpath/evaluate-xpath.ts';
import type { XPathNamespaces } from '../../xml/xpath/xpath-document.ts';
import type { XmlTreeIndex } from '../../xml/xml-index.ts';

export interface XPathWorkerApi {
  /**
   * The payload (its text, or a held payload's Blob of UTF-8, read here) and a copy of the
   * viewer's tree index, once per worker; answers the namespaces expressions may use.
   */
  load(payload: string | Blob, index: XmlTreeIndex): Promise<XPathNamespaces>;
  query(expression: string, limit: number): { value: XPathValue; elapsedMs: number };
  /** A path that selects exactly this node of the index ("Copy XPath"). */
  exactPath(node: number): string;
}
