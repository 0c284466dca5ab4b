/**
 * Time as the job's pacing sees it, injectable so tests run on a fake clock instead of waiting.
 */
export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What each signal's one 'abort' listener calls: the sleeps waiting on it now. */
const waitingOn = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `onAbort` when `signal`, not aborted yet (callers check first), aborts, until the returned
 * function is called. However many wait on a signal at once (a job's rows backing off together),
 * it gets one listener: Node warns of a leak past ten, in the terminal of a command-line job at
 * `--concurrency 16`.
 * @example const stopWaiting = whenAborted(signal, () => reject(signal.reason)); … stopWaiting();
 */
export function whenAborted(signal: AbortSignal, onAbort: () => void): () => void {
  const callbacks = waitingOnSignal(signal);
  callbacks.add(onAbort);
  return () => callbacks.delete(onAbort);
}

/** The signal's set of waits, and its one listener, made on the first wait. */
function waitingOnSignal(signal: AbortSignal): Set<() => void> {
  const known = waitingOn.get(signal);
  if (known) return known;
  const callbacks = new Set<() => void>();
  waitingOn.set(signal, callbacks);
  signal.addEventListener(
    'abort',
    () => {
      for (const callback of callbacks) callback();
      callbacks.clear();
    },
    { once: true },
  );
  return callbacks;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer = setTimeout(() => {
        stopWaiting?.();
        resolve();
      }, ms);
      const stopWaiting =
        signal &&
        whenAborted(signal, () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
    }),
};
