/**
 * Runs `task` when the browser is idle (requestIdleCallback, by `timeoutMs` at the latest), or
 * after `fallbackMs` where there is no idle callback (Safari, jsdom, Node). For work done ahead
 * of need (loading code, starting a worker, counting in slices) that must not compete with what
 * the page paints first.
 *
 * @returns a function that cancels the task if it has not run yet.
 * @example useEffect(() => whenIdle(() => void preload()), []);
 */
export function whenIdle(task: () => void, timeoutMs = 2000, fallbackMs = 200): () => void {
  const scope = globalThis as {
    requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
    cancelIdleCallback?: (handle: number) => void;
  };
  const { requestIdleCallback, cancelIdleCallback } = scope;
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, fallbackMs);
  return () => clearTimeout(timer);
}
