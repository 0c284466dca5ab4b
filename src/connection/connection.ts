/**
 * Builds a client for one call from the settings: the chosen target (as X-Inode-Target), the
 * timeout, and the namespace (manual override, else the one discovered from ?WSDL). The client
 * runs in a Web Worker (worker-client/), or on the page where workers are unavailable.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Binding, InodeClient } from '../protocol/index.ts';
import { useSettings } from '../settings/settings-context.tsx';
import {
  effectiveTargetId,
  namespaceQueryOptions,
  serviceBaseUrl,
  targetsQueryOptions,
} from './targets.ts';
import { createPageThreadClient } from './page-thread-client.ts';
import { createWorkerInodeClient } from './worker-client/worker-inode-client.ts';

export interface Connection {
  /** Target id sent as X-Inode-Target; null lets the server use its default. */
  targetId: string | null;
  timeoutMs: number;
  namespaceOverride: string | null;
  /** The largest answer taken as text (Settings); a larger one fails with ResponseTooLargeError. */
  maxAnswerBytes: number;
}

/** @example const connection = useConnection(); */
export function useConnection(): Connection {
  const { settings } = useSettings();
  const targets = useQuery(targetsQueryOptions());
  const targetId = effectiveTargetId(settings.targetId, targets.data);
  return {
    targetId,
    timeoutMs: settings.timeoutMs,
    maxAnswerBytes: settings.maxAnswerBytes,
    namespaceOverride: settings.namespaceOverrides[targetId ?? ''] ?? null,
  };
}

/**
 * Where a client's calls run: `worker` (the default) keeps fetching and decoding a large answer
 * off the page; `page` runs them on the page's own thread, for many small calls in a row (a bulk
 * job), where a worker would add two thread hops per call and decode nothing large.
 */
export type ClientThread = 'worker' | 'page';

/**
 * @example const client = await openClient(queryClient, connection, 'soap11');
 */
export async function openClient(
  queryClient: QueryClient,
  connection: Connection,
  binding: Binding,
  thread: ClientThread = 'worker',
  /** A page-thread client's transport (the bulk job's relay); the page's fetch by default. */
  pageFetch?: typeof globalThis.fetch,
): Promise<InodeClient> {
  let namespace = connection.namespaceOverride;
  if (namespace === null) {
    // When discovery fails the client tries ?WSDL itself and throws its own typed error.
    namespace = await queryClient
      .fetchQuery(namespaceQueryOptions(connection.targetId))
      .catch(() => null);
  }
  const options = {
    baseUrl: serviceBaseUrl(),
    binding,
    timeoutMs: connection.timeoutMs,
    maxBodyBytes: connection.maxAnswerBytes,
    ...(namespace ? { namespace } : {}),
  };
  if (thread === 'page') return createPageThreadClient(options, connection.targetId, pageFetch);
  // The call's fetch and decode run in a worker, so a large answer never blocks the page.
  return createWorkerInodeClient(options, connection.targetId);
}
