/**
 * What the XPath worker does: evaluates XPath 1.0 over the payload and the tree index the
 * viewer's worker built (copied here once), and makes exact paths, so a long query never blocks
 * the page and the page need not hold the payload's text. Served by xpath.worker.ts; tests serve
 * it in-process.
 */
import { evaluateXPath } from '../../xml/xpath/evaluate-xpath.ts';
import { ExactPaths } from '../../xml/xpath/exact-path.ts';
import { prepareXPathDocument, type XPathDocument } from '../../xml/xpath/xpath-document.ts';
import type { XPathWorkerApi } from './xpath-worker-protocol.ts';
import { payloadText } from '../payload-text.ts';

/** The XPath worker's API; one payload per worker. */
export function createXPathWorkerApi(): XPathWorkerApi {
  let prepared: XPathDocument | null = null;
  let exactPaths: ExactPaths | null = null;

  function loaded(): XPathDocument {
    if (!prepared) throw new Error('The payload is not loaded yet.');
    return prepared;
  }

  return {
    async load(payload, index) {
      prepared = prepareXPathDocument(await payloadText(payload), index);
      exactPaths = null;
      return { namespaces: prepared.namespaces, defaultAlias: prepared.defaultAlias };
    },
    query(expression, limit) {
      const document = loaded();
      const started = performance.now();
      const value = evaluateXPath(document, expression, limit);
      return { value, elapsedMs: performance.now() - started };
    },
    exactPath(node) {
      const document = loaded();
      exactPaths ??= new ExactPaths(document.namespaces);
      const target = document.document.node(node);
      if (!target) throw new Error(`No node ${node} in the payload.`);
      return exactPaths.of(target);
    },
  };
}
