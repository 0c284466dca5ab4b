/**
 * Runs the protocol client off the page's main thread: the fetch, the body read and the decode
 * of a large GetAssetStubs answer happen here, and only the result crosses back (by structured
 * clone). One worker serves every call of the page; each call has its own AbortController.
 */
import { createInodeClient } from '../../protocol/index.ts';
import { createTargetFetch } from '../target-fetch.ts';
import { serializeError } from './error-transfer.ts';
import { packResult, transferOf } from './result-transfer.ts';
import type { FromClientWorker, ToClientWorker } from './worker-messages.ts';

interface WorkerScope {
  postMessage(message: FromClientWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToClientWorker>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const inFlight = new Map<number, AbortController>();
// One fetch per target: the protocol caches the discovered namespace per fetch function.
const fetchByTarget = new Map<string | null, typeof globalThis.fetch>();

function targetFetch(targetId: string | null): typeof globalThis.fetch {
  let fetch = fetchByTarget.get(targetId);
  if (!fetch) {
    fetch = createTargetFetch(targetId);
    fetchByTarget.set(targetId, fetch);
  }
  return fetch;
}

async function run(message: Extract<ToClientWorker, { type: 'call' }>): Promise<unknown> {
  const controller = new AbortController();
  inFlight.set(message.id, controller);
  try {
    const client = createInodeClient({ ...message.options, fetch: targetFetch(message.targetId) });
    const options = { signal: controller.signal };
    switch (message.operation) {
      case 'getAssetStubs':
        return await client.getAssetStubs(message.params, {
          ...options,
          ...(message.wantsHead && {
            onDataStubsHead: (head: string) =>
              scope.postMessage({ type: 'head', id: message.id, head }),
          }),
        });
      case 'addUserAssetIndex':
        return await client.addUserAssetIndex(message.params, options);
      case 'namespace':
        return await client.namespace(options);
    }
  } finally {
    inFlight.delete(message.id);
  }
}

function postError(id: number, error: unknown): void {
  try {
    scope.postMessage({ type: 'error', id, error: serializeError(error) });
  } catch (cloneFailure) {
    // A field that cannot be cloned must not leave the page waiting: send the bare error.
    const { name, message } = serializeError(error);
    scope.postMessage({ type: 'error', id, error: { name, message, fields: {} } });
    console.warn('Inode client worker: error fields could not be sent', cloneFailure);
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'cancel') {
    inFlight.get(message.id)?.abort();
    return;
  }
  run(message).then(
    (value) => {
      const packed = packResult(value);
      scope.postMessage({ type: 'result', id: message.id, ...packed }, transferOf(packed));
    },
    (error: unknown) => postError(message.id, error),
  );
};

scope.postMessage({ type: 'ready' });
