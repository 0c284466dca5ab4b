/**
 * An InodeClient whose calls run in a Web Worker (inode-client.worker.ts), so fetching and
 * decoding a large answer never blocks the page. One worker per page, started on the first
 * call. Where workers are unavailable (jsdom, a browser that refuses) or the worker's code fails
 * to load, calls run in this thread with the protocol's own client instead.
 */
import type {
  AddUserAssetIndexResult,
  CallOptions,
  GetAssetStubsResult,
  InodeClient,
} from '../../protocol/index.ts';
import { loadProtocol } from '../protocol-loader.ts';
import { createPageThreadClient } from '../page-thread-client.ts';
import { protocolErrorClasses, rebuildError, type SerializedError } from './error-transfer.ts';
import { unpackResult } from './result-transfer.ts';
import type {
  FromClientWorker,
  ToClientWorker,
  WorkerCall,
  WorkerClientOptions,
} from './worker-messages.ts';

interface PendingCall {
  onHead: CallOptions['onDataStubsHead'];
  settle(outcome: { value: unknown } | { error: SerializedError }): void;
  /** Runs the call in this thread instead (the worker failed before it could start it). */
  runHere(): void;
}

interface ClientWorker {
  worker: Worker;
  ready: boolean;
  pending: Map<number, PendingCall>;
}

let current: ClientWorker | null = null;
/** Set once starting or loading the worker failed: every later call runs in this thread. */
let unavailable = false;
let nextId = 1;

function startWorker(): ClientWorker | null {
  if (unavailable) return null;
  if (current) return current;
  if (typeof Worker === 'undefined') {
    unavailable = true;
    return null;
  }
  let worker: Worker;
  try {
    worker = new Worker(new URL('./inode-client.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    console.warn('Inode client worker could not start; calls run on the page', error);
    unavailable = true;
    return null;
  }
  const started: ClientWorker = { worker, ready: false, pending: new Map() };
  worker.onmessage = (event: MessageEvent<FromClientWorker>) => {
    const message = event.data;
    if (message.type === 'ready') {
      started.ready = true;
      return;
    }
    const call = started.pending.get(message.id);
    if (message.type === 'head') {
      call?.onHead?.(message.head);
      return;
    }
    started.pending.delete(message.id);
    call?.settle(
      message.type === 'result' ? { value: unpackResult(message) } : { error: message.error },
    );
  };
  worker.onerror = (event) => {
    event.preventDefault();
    abandon(started, `Inode client worker failed: ${event.message || 'its code did not load'}`);
  };
  worker.onmessageerror = () => abandon(started, 'Inode client worker sent an unreadable message');
  current = started;
  return started;
}

/**
 * Before the worker said it is ready, none of its calls can have been sent, so they are run
 * here instead. After that a call may already have reached the service: it fails rather than
 * being sent twice.
 */
function abandon(failed: ClientWorker, reason: string): void {
  console.warn(reason);
  failed.worker.terminate();
  if (current === failed) current = null;
  if (!failed.ready) unavailable = true;
  const calls = [...failed.pending.values()];
  failed.pending.clear();
  for (const call of calls) {
    if (failed.ready) {
      call.settle({ error: { name: 'Error', message: reason, fields: {} } });
    } else {
      call.runHere();
    }
  }
}

async function runInThisThread(
  options: WorkerClientOptions,
  targetId: string | null,
  call: WorkerCall,
  callOptions: CallOptions,
): Promise<unknown> {
  const client = await createPageThreadClient(options, targetId);
  switch (call.operation) {
    case 'getAssetStubs':
      return client.getAssetStubs(call.params, callOptions);
    case 'addUserAssetIndex':
      return client.addUserAssetIndex(call.params, callOptions);
    case 'namespace':
      return client.namespace(callOptions);
  }
}

function perform(
  options: WorkerClientOptions,
  targetId: string | null,
  call: WorkerCall,
  callOptions: CallOptions = {},
): Promise<unknown> {
  const started = startWorker();
  if (!started) return runInThisThread(options, targetId, call, callOptions);

  const id = nextId++;
  const wantsHead = callOptions.onDataStubsHead !== undefined;
  const message = { type: 'call', id, options, targetId, wantsHead, ...call } as const;
  const { signal } = callOptions;
  return new Promise<unknown>((resolve, reject) => {
    const onAbort = (): void => started.worker.postMessage({ type: 'cancel', id });
    const done = (): void => signal?.removeEventListener('abort', onAbort);
    started.pending.set(id, {
      onHead: callOptions.onDataStubsHead,
      settle(outcome) {
        done();
        if ('value' in outcome) {
          resolve(outcome.value);
          return;
        }
        loadProtocol().then(
          (protocol) => reject(rebuildError(outcome.error, protocolErrorClasses(protocol))),
          () => reject(rebuildError(outcome.error, {})),
        );
      },
      runHere() {
        done();
        runInThisThread(options, targetId, call, callOptions).then(resolve, reject);
      },
    });
    try {
      started.worker.postMessage(message satisfies ToClientWorker);
    } catch (uncloneable) {
      started.pending.delete(id);
      reject(uncloneable instanceof Error ? uncloneable : new Error(String(uncloneable)));
      return;
    }
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The options of createInodeClient, minus fetch (the worker adds X-Inode-Target itself).
 *
 * @example
 * const client = createWorkerInodeClient({ baseUrl: location.origin, binding: 'soap11' }, 'emulator');
 * const { record } = await client.getAssetStubs(params, { signal });
 */
export function createWorkerInodeClient(
  options: WorkerClientOptions,
  targetId: string | null,
): InodeClient {
  return {
    binding: options.binding,
    getAssetStubs: (params, callOptions) =>
      perform(
        options,
        targetId,
        { operation: 'getAssetStubs', params },
        callOptions,
      ) as Promise<GetAssetStubsResult>,
    addUserAssetIndex: (params, callOptions) =>
      perform(
        options,
        targetId,
        { operation: 'addUserAssetIndex', params },
        callOptions,
      ) as Promise<AddUserAssetIndexResult>,
    namespace: (callOptions) =>
      perform(
        options,
        targetId,
        { operation: 'namespace', params: null },
        callOptions,
      ) as Promise<string>,
  };
}
