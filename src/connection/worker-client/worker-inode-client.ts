/**
 * An InodeClient whose calls run in a Web Worker (inode-client.worker.ts), so fetching and
 * decoding a large answer never blocks the page. One worker per page, started on the first
 * call. Where workers are unavailable (jsdom, a browser that refuses) or the worker's code fails
 * to load, calls run in this thread with the protocol's own client instead.
 */
import type {
  AddUserAssetIndexParams,
  AddUserAssetIndexResult,
  CallOptions,
  FieldsBeforeDataStubs,
  GetAssetStubsParams,
  GetAssetStubsResult,
  InodeClient,
} from '../../protocol/index.ts';
import type { TextOrHeld } from '../../text/held-text.ts';
import {
  callWorker,
  proxy,
  transfer,
  WorkerFailure,
  type WorkerCalls,
} from '../../workers/worker-call.ts';
import { partsSink } from '../../workers/viewer/payload-parts-port.ts';
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

/**
 * Starts the client worker ahead of the first call: its thread, and its code fetched, compiled
 * and evaluated (about 100 ms on a 2-core machine, which a first call otherwise waits for).
 * Safe to call many times; where workers are unavailable, calls run on the page as always.
 */
export function prewarmClientWorker(): void {
  startWorker();
}

/**
 * A GetAssetStubs call's options on the page: `payloadPort`, with `onDataStubsHead`, receives the
 * rest of a large payload as it arrives (payload-parts-port.ts), posted by the thread that reads
 * the answer, so the parts never pass through the page. The port is transferred.
 */
export interface StubsCallOptions extends CallOptions {
  payloadPort?: MessagePort;
}

async function runInThisThread(
  options: WorkerClientOptions,
  targetId: string | null,
  call: WorkerCall,
  { payloadPort, ...callOptions }: StubsCallOptions,
): Promise<unknown> {
  const client = await createPageThreadClient(options, targetId);
  switch (call.operation) {
    case 'getAssetStubs':
      return client.getAssetStubs(call.params, {
        ...callOptions,
        ...(payloadPort && { onDataStubsRest: partsSink(payloadPort) }),
      });
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
  callOptions: StubsCallOptions = {},
  holdFrom?: number,
): Promise<unknown> {
  const started = startWorker();
  if (!started) return runInThisThread(options, targetId, call, callOptions);

  const id = nextId++;
  const { payloadPort, onDataStubsHead, ...withoutHead } = callOptions;
  const { signal } = callOptions;
  // The port goes to the worker. A call run here after all (the worker failed to load) goes
  // without a head, whose parts would have nowhere to go.
  const runHere = () => runInThisThread(options, targetId, call, withoutHead);
  const onAbort = (): void => void started.calls.cancel(id).catch(() => undefined);
  const pending = started.calls.call(
    id,
    { options, targetId, ...call, ...(holdFrom !== undefined && { holdFrom }) },
    onDataStubsHead &&
      proxy((head: string, fieldsBefore: FieldsBeforeDataStubs): boolean => {
        // Answered at once, with whether the head's showing will be told (headShown).
        const shown = onDataStubsHead(head, fieldsBefore);
        if (!shown) return false;
        const tell = () => void started.calls.headShown(id).catch(() => undefined);
        Promise.resolve(shown).then(tell, tell);
        return true;
      }),
    onDataStubsHead && payloadPort ? transfer(payloadPort, [payloadPort]) : undefined,
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

/** The client's calls, each run by `perform` with the same options, target and `holdFrom`. */
function workerClient(options: WorkerClientOptions, targetId: string | null, holdFrom?: number) {
  const call = <T>(workerCall: WorkerCall, callOptions?: StubsCallOptions) =>
    perform(options, targetId, workerCall, callOptions, holdFrom) as Promise<T>;
  return {
    binding: options.binding,
    getAssetStubs: <Text>(params: GetAssetStubsParams, callOptions?: StubsCallOptions) =>
      call<GetAssetStubsResult<Text>>({ operation: 'getAssetStubs', params }, callOptions),
    addUserAssetIndex: (params: AddUserAssetIndexParams, callOptions?: CallOptions) =>
      call<AddUserAssetIndexResult>({ operation: 'addUserAssetIndex', params }, callOptions),
    namespace: (callOptions?: CallOptions) =>
      call<string>({ operation: 'namespace', params: null }, callOptions),
  };
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
  const client = workerClient(options, targetId);
  return {
    ...client,
    getAssetStubs: (params, callOptions) => client.getAssetStubs<string>(params, callOptions),
  };
}

/** An InodeClient whose GetAssetStubs answers may reach the page held (src/text/held-text.ts). */
export interface HoldingInodeClient extends Omit<InodeClient, 'getAssetStubs'> {
  getAssetStubs(
    params: GetAssetStubsParams,
    options?: StubsCallOptions,
  ): Promise<GetAssetStubsResult<TextOrHeld>>;
}

/**
 * A worker client whose GetAssetStubs answers of `holdFrom` bytes or more cross to the page with
 * their body and DataStubs held in Blobs, so that the page neither receives nor keeps them as
 * text. Where calls run on the page instead (no worker), answers are text, as always.
 *
 * @example
 * const client = createHoldingWorkerClient(options, 'emulator', 1_048_576);
 * const { record } = await client.getAssetStubs(params); // record.DataStubs: string | HeldText
 */
export function createHoldingWorkerClient(
  options: WorkerClientOptions,
  targetId: string | null,
  holdFrom: number,
): HoldingInodeClient {
  const client = workerClient(options, targetId, holdFrom);
  return {
    ...client,
    getAssetStubs: (params, callOptions) => client.getAssetStubs<TextOrHeld>(params, callOptions),
  };
}
