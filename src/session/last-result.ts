/**
 * The last GetAssetStubs payload shown on the Asset stubs page, kept in this page's memory only
 * (never stored) so Compare can offer "the current result" without features importing each other.
 */
import { useSyncExternalStore } from 'react';
import type { StubsCall } from '../connection/stubs-on-target.ts';
import type { TextOrHeld } from '../text/held-text.ts';

export interface LastStubsResult {
  label: string;
  /** Held when its answer was large (src/text/held-text.ts): read it when comparing. */
  dataStubs: TextOrHeld;
  at: number;
  /** The call that gave it, so Compare can repeat it on another target. */
  call?: StubsCall;
}

let last: LastStubsResult | null = null;
const listeners = new Set<() => void>();

export function setLastStubsResult(result: LastStubsResult): void {
  last = result;
  for (const listener of listeners) listener();
}

/** @example const current = useLastStubsResult(); */
export function useLastStubsResult(): LastStubsResult | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => last,
  );
}
