/**
 * The protocol client (with its XML parser) is loaded on first use rather than with the first
 * page: it is the biggest part of the console's own code. `usePreparedCalls` (connection.ts)
 * loads it while the user is still typing, so the first call does not wait for it.
 */
import type * as Protocol from '../protocol/index.ts';

type ProtocolModule = typeof Protocol;

let loading: Promise<ProtocolModule> | null = null;

/** @example const { createInodeClient } = await loadProtocol(); */
export function loadProtocol(): Promise<ProtocolModule> {
  // A failed load (server restarted, network blip) is not cached: the next call tries again.
  loading ??= import('../protocol/index.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
