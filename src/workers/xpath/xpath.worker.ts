/**
 * The XPath worker: evaluates XPath 1.0 over the payload and the tree index the viewer's worker
 * built (copied here once), so a long query never blocks the page. A worker of its own, because
 * the page cancels a query by terminating it, and the viewer's worker holds the search and table
 * state that terminating would throw away.
 */
import { evaluateXPath } from '../../xml/xpath/evaluate-xpath.ts';
import { prepareXPathDocument, type XPathDocument } from '../../xml/xpath/xpath-document.ts';
import type { FromXPathWorker, ToXPathWorker } from './xpath-worker-protocol.ts';

interface WorkerScope {
  postMessage(message: FromXPathWorker): void;
  onmessage: ((event: MessageEvent<ToXPathWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;

let prepared: XPathDocument | null = null;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'load') {
    prepared = prepareXPathDocument(message.xml, message.index);
    return;
  }
  try {
    if (!prepared) throw new Error('The payload is not loaded yet.');
    const started = performance.now();
    const value = evaluateXPath(prepared, message.expression, message.limit);
    scope.postMessage({
      type: 'xpath-result',
      requestId: message.requestId,
      value,
      elapsedMs: performance.now() - started,
    });
  } catch (error) {
    scope.postMessage({
      type: 'xpath-failed',
      requestId: message.requestId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
