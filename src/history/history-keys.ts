/**
 * Query keys of History's IndexedDB reads (TanStack Query key factory): everything under
 * `historyKeys.all`, so invalidating it refreshes every view of History after a write.
 */
import type { CallRecord } from './history-db.ts';

export const historyKeys = {
  all: ['history'] as const,
  /** Every call, newest first. */
  list: () => [...historyKeys.all, 'list'] as const,
  /** Which calls have a kept response, and their sizes. */
  storedResponses: () => [...historyKeys.all, 'stored-responses'] as const,
  /** GetAssetStubs calls with a kept response (Compare's pickers). */
  comparable: () => [...historyKeys.all, 'comparable'] as const,
  /** One call's kept response, decoded as its operation over its binding. */
  storedResponse: (call: Pick<CallRecord, 'id' | 'operation' | 'binding'>) =>
    [...historyKeys.all, 'stored-response', call.id, call.operation, call.binding] as const,
};
