/**
 * The page side of the XPath worker. The worker starts on first use and gets the payload (its
 * text, or a held payload's Blob, which it reads itself) and a copy of the tree index, moved
 * through the page from the viewer's worker; `cancel()` terminates it (the next call starts a
 * fresh one, with a fresh copy).
 */
import type { XPathValue } from '../../xml/xpath/evaluate-xpath.ts';
import type { XPathNamespaces } from '../../xml/xpath/xpath-document.ts';
import { indexBuffers, type XmlTreeIndex } from '../../xml/xml-index.ts';
import { callWorker, transfer, type WorkerCalls } from '../worker-call.ts';
import type { XPathWorkerApi } from './xpath-worker-protocol.ts';

export interface XPathAnswer {
  value: XPathValue;
  elapsedMs: number;
}

export class XPathCancelled extends Error {
  override name = 'XPathCancelled';
}

export interface XPathRunner {
  /** The namespaces expressions may use, once the payload is loaded in the worker. */
  namespaces(): Promise<XPathNamespaces>;
  run(expression: string, limit: number): Promise<XPathAnswer>;
  /** A path that selects exactly this node ("Copy XPath"). */
  exactPath(node: number): Promise<string>;
  /** Stops the query in flight (its promise rejects with XPathCancelled). */
  cancel(): void;
  dispose(): void;
}

interface LoadedWorker {
  worker: WorkerCalls<XPathWorkerApi>;
  /** Settles once the payload is prepared in the worker; queries wait for it. */
  loaded: Promise<XPathNamespaces>;
}

const startXPathWorker = () =>
  new Worker(new URL('./xpath.worker.ts', import.meta.url), { type: 'module' });

/**
 * `copyIndex` gives a copy of the tree index, whose arrays are moved on to the worker (the
 * viewer's worker makes it); `newWorker` starts the worker (tests serve the API on a channel).
 * @example
 * const runner = createXPathRunner(heldBlob, () => viewer.treeIndex());
 * await runner.run('//d:Stub', 1000);
 */
export function createXPathRunner(
  payload: string | Blob,
  copyIndex: () => Promise<XmlTreeIndex | null>,
  newWorker: () => Worker = startXPathWorker,
): XPathRunner {
  let current: LoadedWorker | null = null;

  const start = (): LoadedWorker => {
    const worker = callWorker<XPathWorkerApi>(newWorker(), {
      describeFailure: (detail) => detail || 'The XPath worker stopped unexpectedly.',
      onFailure: () => {
        if (current?.worker === worker) current = null;
      },
    });
    // The index's arrays are moved, not copied again; a Blob passes by reference.
    const loaded = copyIndex().then((index) => {
      if (!index) throw new Error('The payload has no tree index.');
      return worker.calls.load(payload, transfer(index, indexBuffers(index)));
    });
    return { worker, loaded };
  };

  const loadedWorker = async () => {
    current ??= start();
    const { worker, loaded } = current;
    await loaded;
    return worker;
  };

  const stop = (error: Error) => {
    current?.worker.stop(error);
    current = null;
  };

  return {
    namespaces() {
      current ??= start();
      return current.loaded;
    },
    async run(expression, limit) {
      return (await loadedWorker()).calls.query(expression, limit);
    },
    async exactPath(node) {
      return (await loadedWorker()).calls.exactPath(node);
    },
    cancel: () => stop(new XPathCancelled('The query was cancelled.')),
    dispose: () => stop(new XPathCancelled('The viewer was closed.')),
  };
}
