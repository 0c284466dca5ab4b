/**
 * The protocol client (with its XML parser) is loaded on first use rather than with the first
 * page: it is the biggest part of the console's own code. `preloadProtocol` warms it while the
 * user is still typing, so the first call does not wait for it.
 */
import type * as Protocol from '../protocol/index.ts';
import { whenIdle } from '../tasks/when-idle.ts';

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

/** Starts loading when the browser is idle; safe to call many times. */
export function preloadProtocol(): void {
  whenIdle(() => void loadProtocol());
}
