/**
 * An InodeClient whose calls run in a Web Worker (inode-client.worker.ts), so fetching and
 * decoding a large answer never blocks the page. One worker per page, started on the first
 * call. Where workers are unavailable (jsdom, a browser that refuses) or the worker's code fails
 * to load, calls run in this thread with the protocol's own client instead.
 */
import type {
  AddUserAssetIndexResult,
  CallOptions,
  FieldsBeforeDataStubs,
  GetAssetStubsResult,
  InodeClient,
} from '../../protocol/index.ts';
import { callWorker, proxy, WorkerFailure, type WorkerCalls } from '../../workers/worker-call.ts';
import { loadProtocol } from '../protocol-loader.ts';
import { createPageThreadClient } from '../page-thread-client.ts';
import { protocolErrorClasses, rebuildError, type SerializedError } from './error-transfer.ts';
import { unpackResult } from './result-transfer.ts';
import type { ClientWorkerApi, WorkerCall, WorkerClientOptions } from './worker-messages.ts';

let current: WorkerCalls<ClientWorkerApi> | null = null;
/** Set once starting or loading the worker failed: every later call runs in this thread. */
let unavailable = false;
let nextId = 1;

function startWorker(): WorkerCalls<ClientWorkerApi> | null {
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
  const started = callWorker<ClientWorkerApi>(worker, {
    describeFailure: (detail) => `Inode client worker failed: ${detail || 'its code did not load'}`,
    onFailure: (failure) => {
      if (current === started) current = null;
      if (failure.beforeReady) unavailable = true;
    },
  });
  current = started;
  return started;
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

function isSerializedError(value: unknown): value is SerializedError {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    typeof (value as Partial<SerializedError>).name === 'string' &&
    typeof (value as Partial<SerializedError>).fields === 'object'
  );
}

/**
 * The worker's failure or the call's own error as the page would have met it. A worker that
 * failed before its code loaded cannot have sent the call: it is run here instead. After that a
 * call may already have reached the service: it fails rather than being sent twice.
 */
async function settleFailure(error: unknown, runHere: () => Promise<unknown>): Promise<never> {
  if (error instanceof WorkerFailure) {
    if (error.beforeReady) return runHere() as Promise<never>;
    throw new Error(error.message);
  }
  if (!isSerializedError(error)) throw error;
  const classes = await loadProtocol().then(protocolErrorClasses, () => ({}));
  throw rebuildError(error, classes);
}

async function perform(
  options: WorkerClientOptions,
  targetId: string | null,
  call: WorkerCall,
  callOptions: CallOptions = {},
): Promise<unknown> {
  const runHere = () => runInThisThread(options, targetId, call, callOptions);
  const started = startWorker();
  if (!started) return runHere();

  const id = nextId++;
  const { signal, onDataStubsHead } = callOptions;
  const onAbort = (): void => void started.calls.cancel(id).catch(() => undefined);
  const pending = started.calls.call(
    id,
    { options, targetId, ...call },
    onDataStubsHead &&
      proxy((head: string, fieldsBefore: FieldsBeforeDataStubs) =>
        onDataStubsHead(head, fieldsBefore),
      ),
  );
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return unpackResult(await pending);
  } catch (error) {
    return await settleFailure(error, runHere);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
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
  const call = <T>(workerCall: WorkerCall, callOptions?: CallOptions) =>
    perform(options, targetId, workerCall, callOptions) as Promise<T>;
  return {
    binding: options.binding,
    getAssetStubs: (params, callOptions) =>
      call<GetAssetStubsResult>({ operation: 'getAssetStubs', params }, callOptions),
    addUserAssetIndex: (params, callOptions) =>
      call<AddUserAssetIndexResult>({ operation: 'addUserAssetIndex', params }, callOptions),
    namespace: (callOptions) => call<string>({ operation: 'namespace', params: null }, callOptions),
  };
}
