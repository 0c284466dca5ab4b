/**
 * The one way the console calls into its Web Workers. Comlink carries the calls: arguments and
 * results travel by structured clone, ArrayBuffers are moved with `transfer(value, buffers)`,
 * and a callback passed as `proxy(callbacks)` streams progressive results back while a call
 * runs. This module adds what Comlink leaves to its user:
 * - a call in flight rejects when its worker fails (its code did not load, it threw outside a
 *   call) or is stopped, instead of waiting for ever;
 * - `ready` tells whether the worker's code loaded, so a caller knows a failure happened before
 *   anything it sent could have run;
 * - `localCalls` gives the same calls in this thread, where Worker is missing (Node, jsdom).
 *
 * Every callback of one call should go through one proxied object: messages on one port keep
 * their order, messages on two ports (a proxy's and the worker's) need not.
 */
import { expose, wrap, type Endpoint } from 'comlink';

export { proxy, transfer } from 'comlink';

/** Posted by serveCalls once the worker's code has loaded; Comlink ignores it (it has no id). */
const READY = 'worker-call:ready';

/** The page's view of a worker API: every method answers with a promise. */
export type Calls<Api> = {
  [Method in keyof Api]: Api[Method] extends (...args: infer Args) => infer Result
    ? (...args: Args) => Promise<Awaited<Result>>
    : never;
};

/** What a call in flight rejects with when its worker failed. */
export class WorkerFailure extends Error {
  override name = 'WorkerFailure';
  constructor(
    message: string,
    /** True when the worker's code never loaded: no call reached it. */
    readonly beforeReady: boolean,
  ) {
    super(message);
  }
}

export interface WorkerCalls<Api> {
  readonly calls: Calls<Api>;
  /** True once the worker's code has loaded and it answers calls. */
  readonly ready: boolean;
  /** Terminates the worker; calls in flight, and any made later, reject with `reason`. */
  stop(reason?: Error): void;
}

export interface WorkerCallOptions {
  /** The message of a failure, from the error event's own (empty when the code did not load). */
  describeFailure(detail: string): string;
  /** Told once, when the worker fails (not when it is stopped). */
  onFailure?(failure: WorkerFailure): void;
}

/** Calls `make` for each method name asked for: a Proxy, so no method list is kept twice. */
function methods<Api>(make: (method: string) => (...args: unknown[]) => Promise<unknown>) {
  return new Proxy({} as Calls<Api>, {
    // Not a thenable: `await calls` must not send a call named "then".
    get: (_target, method) =>
      typeof method === 'string' && method !== 'then' ? make(method) : undefined,
  });
}

/**
 * In the worker: answers the page's calls to `api`'s methods. A method may return a promise,
 * `transfer(result, buffers)`, and call back a `proxy`-ed argument as often as it likes.
 *
 * @example serveCalls({ compare: (request: CompareRequest) => runCompare(request) });
 */
export function serveCalls(
  api: object,
  /** The worker's own scope; a MessagePort in tests. */
  scope: Endpoint = globalThis as unknown as Endpoint,
): void {
  expose(api, scope);
  scope.postMessage(READY);
}

/**
 * On the page: the calls of a worker that serves `Api` with serveCalls.
 *
 * @example
 * const worker = callWorker<CompareApi>(new Worker(url, { type: 'module' }), { describeFailure });
 * const answer = await worker.calls.compare(request);
 * worker.stop();
 */
export function callWorker<Api>(worker: Worker, options: WorkerCallOptions): WorkerCalls<Api> {
  const remote = wrap<Record<string, (...args: unknown[]) => Promise<unknown>>>(worker);
  const inFlight = new Set<(error: Error) => void>();
  let ready = false;
  let stopped: Error | null = null;

  const end = (reason: Error) => {
    if (stopped) return;
    stopped = reason;
    worker.terminate();
    const rejects = [...inFlight];
    inFlight.clear();
    for (const reject of rejects) reject(reason);
  };
  const fail = (detail: string) => {
    if (stopped) return;
    const failure = new WorkerFailure(options.describeFailure(detail), !ready);
    console.warn(failure.message);
    options.onFailure?.(failure);
    end(failure);
  };
  // READY is the worker's first message; reading every later one's data would cost each answer
  // a second look at what it carries.
  const onFirstMessage = (event: MessageEvent) => {
    worker.removeEventListener('message', onFirstMessage);
    if (event.data === READY) ready = true;
  };
  worker.addEventListener('message', onFirstMessage);
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    fail(event.message ?? '');
  });
  worker.addEventListener('messageerror', () => fail('it sent an unreadable message'));

  const calls = methods<Api>(
    (method) =>
      (...args) =>
        new Promise((resolve, reject) => {
          if (stopped) {
            reject(stopped);
            return;
          }
          inFlight.add(reject);
          const settle =
            <T>(then: (value: T) => void) =>
            (value: T) => {
              inFlight.delete(reject);
              then(value);
            };
          remote[method]!(...args).then(settle(resolve), settle(reject));
        }),
  );
  return {
    calls,
    get ready() {
      return ready;
    },
    stop: (reason = new Error('The worker was stopped.')) => end(reason),
  };
}

/**
 * The same calls run in this thread, for where Worker is missing.
 *
 * @example const calls = typeof Worker === 'undefined' ? localCalls(compareApi) : …;
 */
export function localCalls<Api extends object>(api: Api): Calls<Api> {
  const table = api as Record<string, (...args: unknown[]) => unknown>;
  return methods<Api>(
    (method) =>
      async (...args) =>
        table[method]!(...args),
  );
}
