/** What the XPath worker serves: the payload is loaded once per worker, then queried. */
import type { XPathValue } from '../../xml/xpath/evaluate-xpath.ts';
import type { XmlTreeIndex } from '../../xml/xml-index.ts';

export interface XPathWorkerApi {
  /** The payload and a copy of the viewer's tree index, once per worker. */
  load(xml: string, index: XmlTreeIndex): void;
  query(expression: string, limit: number): { value: XPathValue; elapsedMs: number };
}
