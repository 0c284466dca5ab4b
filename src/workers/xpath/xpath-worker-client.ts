/**
 * The page side of the XPath worker. The worker starts on the first query and gets the payload
 * and a copy of the tree index; `cancel()` terminates it (the next query starts a fresh one).
 */
import type { XPathValue } from '../../xml/xpath/evaluate-xpath.ts';
import type { XmlTreeIndex } from '../../xml/xml-index.ts';
import { callWorker, type WorkerCalls } from '../worker-call.ts';
import type { XPathWorkerApi } from './xpath-worker-protocol.ts';

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

interface LoadedWorker {
  worker: WorkerCalls<XPathWorkerApi>;
  /** Settles once the payload is prepared in the worker; queries wait for it. */
  loaded: Promise<void>;
}

/** @example const runner = createXPathRunner(xml, index); await runner.run('//d:Stub', 1000) */
export function createXPathRunner(xml: string, index: XmlTreeIndex): XPathRunner {
  let current: LoadedWorker | null = null;

  const start = (): LoadedWorker => {
    const worker = callWorker<XPathWorkerApi>(
      new Worker(new URL('./xpath.worker.ts', import.meta.url), { type: 'module' }),
      {
        describeFailure: (detail) => detail || 'The XPath worker stopped unexpectedly.',
        onFailure: () => {
          if (current?.worker === worker) current = null;
        },
      },
    );
    // Structured clone copies the index: the viewer keeps its own.
    return { worker, loaded: worker.calls.load(xml, index) };
  };

  const stop = (error: Error) => {
    current?.worker.stop(error);
    current = null;
  };

  return {
    async run(expression, limit) {
      current ??= start();
      const { worker, loaded } = current;
      await loaded;
      return worker.calls.query(expression, limit);
    },
    cancel: () => stop(new XPathCancelled('The query was cancelled.')),
    dispose: () => stop(new XPathCancelled('The viewer was closed.')),
  };
}
