/**
 * An InodeClient whose calls run on the calling thread (the page), with the chosen target's
 * header. The worker client falls back to it, and a bulk job uses it on purpose: for many small
 * calls the worker's two thread hops per call cost more than the decode it would spare the page.
 */
import type { InodeClient } from '../protocol/index.ts';
import { loadProtocol } from './protocol-loader.ts';
import { createTargetFetch } from './target-fetch.ts';
import type { WorkerClientOptions } from './worker-client/worker-messages.ts';

/** @example const client = await createPageThreadClient({ baseUrl, binding: 'soap11' }, 'emulator'); */
export async function createPageThreadClient(
  options: WorkerClientOptions,
  targetId: string | null,
  /** How requests travel (the bulk job's relay, src/relay/); the page's fetch by default. */
  baseFetch?: typeof globalThis.fetch,
): Promise<InodeClient> {
  const { createInodeClient } = await loadProtocol();
  return createInodeClient({ ...options, fetch: createTargetFetch(targetId, baseFetch) });
}
