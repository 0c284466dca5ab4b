/**
 * The XPath worker: evaluates XPath 1.0 over the payload and the tree index the viewer's worker
 * built (copied here once), so a long query never blocks the page. A worker of its own, because
 * the page cancels a query by terminating it, and the viewer's worker holds the search and table
 * state that terminating would throw away.
 */
import { evaluateXPath } from '../../xml/xpath/evaluate-xpath.ts';
import { prepareXPathDocument, type XPathDocument } from '../../xml/xpath/xpath-document.ts';
import { serveCalls } from '../worker-call.ts';
import type { XPathWorkerApi } from './xpath-worker-protocol.ts';

let prepared: XPathDocument | null = null;

const api: XPathWorkerApi = {
  load(xml, index) {
    prepared = prepareXPathDocument(xml, index);
  },
  query(expression, limit) {
    if (!prepared) throw new Error('The payload is not loaded yet.');
    const started = performance.now();
    const value = evaluateXPath(prepared, expression, limit);
    return { value, elapsedMs: performance.now() - started };
  },
};

serveCalls(api);
