import { whenAborted, type Clock } from './clock.ts';

/** A clock that moves only when the test advances it; sleepers wake in time order. */
export function fakeClock(): Clock & { advance(ms: number): Promise<void>; sleeping(): number } {
  let now = 0;
  let sleepers: Array<{ at: number; wake: () => void }> = [];
  const flush = async () => {
    // A macrotask turn: every promise chain woken so far has run.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        // As realClock waits: one listener on the signal, and none left by a sleeper woken.
        const stopWaiting =
          signal &&
          whenAborted(signal, () => {
            sleepers = sleepers.filter((s) => s !== sleeper);
            reject(signal.reason);
          });
        const sleeper = {
          at: now + ms,
          wake: () => {
            stopWaiting?.();
            resolve();
          },
        };
        sleepers.push(sleeper);
      }),
    async advance(ms: number) {
      const end = now + ms;
      await flush();
      for (;;) {
        sleepers.sort((a, b) => a.at - b.at);
        const next = sleepers[0];
        if (!next || next.at > end) break;
        sleepers.shift();
        now = Math.max(now, next.at);
        next.wake();
        await flush();
      }
      now = end;
      await flush();
    },
    sleeping: () => sleepers.length,
  };
}
