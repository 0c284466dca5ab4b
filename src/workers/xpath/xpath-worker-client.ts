/**
 * The page side of the XPath worker. The worker starts on the first query and gets the payload
 * and a copy of the tree index; `cancel()` terminates it (the next query starts a fresh one).
 */
import type { XPathValue } from '../../xml/xpath/evaluate-xpath.ts';
import type { XmlTreeIndex } from '../../xml/xml-index.ts';
import type { FromXPathWorker, ToXPathWorker } from './xpath-worker-protocol.ts';

export interface XPathAnswer {
  value: XPathValue;
  elapsedMs: number;
}

export class XPathCancelled extends Error {
  override name = 'XPathCancelled';
}

export interface XPathRunner {
  run(expression: string, limit: number): Promise<XPathAnswer>;
  /** Stops the query in flight (its promise rejects with XPathCancelled). */
  cancel(): void;
  dispose(): void;
}

/** @example const runner = createXPathRunner(xml, index); await runner.run('//d:Stub', 1000) */
export function createXPathRunner(xml: string, index: XmlTreeIndex): XPathRunner {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (answer: XPathAnswer) => void; reject: (error: Error) => void }
  >();

  const rejectAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    const started = new Worker(new URL('./xpath.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<FromXPathWorker>) => {
      const message = event.data;
      const waiting = pending.get(message.requestId);
      pending.delete(message.requestId);
      if (!waiting) return;
      if (message.type === 'xpath-result') {
        waiting.resolve({ value: message.value, elapsedMs: message.elapsedMs });
      } else {
        waiting.reject(new Error(message.message));
      }
    };
    started.onerror = (event) => {
      rejectAll(new Error(event.message || 'The XPath worker stopped unexpectedly.'));
      started.terminate();
      if (worker === started) worker = null;
    };
    // Structured clone copies the index: the viewer keeps its own.
    started.postMessage({ type: 'load', xml, index } satisfies ToXPathWorker);
    return started;
  };

  const stop = (error: Error) => {
    worker?.terminate();
    worker = null;
    rejectAll(error);
  };

  return {
    run(expression, limit) {
      worker ??= start();
      const requestId = nextId++;
      const target = worker;
      return new Promise<XPathAnswer>((resolve, reject) => {
        pending.set(requestId, { resolve, reject });
        target.postMessage({
          type: 'query',
          requestId,
          expression,
          limit,
        } satisfies ToXPathWorker);
      });
    },
    cancel: () => stop(new XPathCancelled('The query was cancelled.')),
    dispose: () => stop(new XPathCancelled('The viewer was closed.')),
  };
}
