/**
 * React's view of the tab's bulk job: the store's state, and the running job's progress at most
 * every 100 ms (a fast job settles hundreds of rows a second; the page need not paint each).
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { BulkRunner, JobSnapshot } from '../../bulk-job/bulk-runner.ts';
import type { BulkJobState, BulkJobStore } from './job-store.ts';

const PAINT_EVERY_MS = 100;

/** @example const state = useBulkJobState(store); */
export function useBulkJobState(store: BulkJobStore): BulkJobState {
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** @example const snapshot = useRunnerSnapshot(state.runner); */
export function useRunnerSnapshot(runner: BulkRunner | null): JobSnapshot | null {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!runner) return () => {};
      let timer: ReturnType<typeof setTimeout> | null = null;
      let lastPhase = runner.snapshot().phase;
      const unsubscribe = runner.subscribe(() => {
        const phase = runner.snapshot().phase;
        if (phase !== lastPhase) {
          // Phase changes (paused, finished...) show at once.
          lastPhase = phase;
          if (timer) clearTimeout(timer);
          timer = null;
          notify();
          return;
        }
        timer ??= setTimeout(() => {
          timer = null;
          notify();
        }, PAINT_EVERY_MS);
      });
      return () => {
        if (timer) clearTimeout(timer);
        unsubscribe();
      };
    },
    [runner],
  );
  const getSnapshot = useCallback(() => runner?.snapshot() ?? null, [runner]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
