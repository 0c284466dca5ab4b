/** Messages between the viewer and its XPath worker. */
import type { XPathValue } from '../../xml/xpath/evaluate-xpath.ts';
import type { XmlTreeIndex } from '../../xml/xml-index.ts';

export type ToXPathWorker =
  /** The payload and a copy of the viewer's tree index, once per worker. */
  | { type: 'load'; xml: string; index: XmlTreeIndex }
  | { type: 'query'; requestId: number; expression: string; limit: number };

export type FromXPathWorker =
  | { type: 'xpath-result'; requestId: number; value: XPathValue; elapsedMs: number }
  | { type: 'xpath-failed'; requestId: number; message: string };
