/**
 * Builds a client for one call from the settings: the chosen target (as X-Inode-Target), the
 * timeout, and the namespace (manual override, else the one discovered from ?WSDL). The client
 * runs in a Web Worker (worker-client/), or on the page where workers are unavailable.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Binding, InodeClient } from '../protocol/index.ts';
import { useSettings } from '../settings/settings-context.tsx';
import {
  effectiveTargetId,
  namespaceQueryOptions,
  serviceBaseUrl,
  targetsQueryOptions,
} from './targets.ts';
import { createPageThreadClient } from './page-thread-client.ts';
import { loadProtocol } from './protocol-loader.ts';
import {
  createHoldingWorkerClient,
  createWorkerInodeClient,
  prewarmClientWorker,
  type HoldingInodeClient,
} from './worker-client/worker-inode-client.ts';
import { whenIdle } from '../tasks/when-idle.ts';
import { endWorkAhead } from '../tasks/work-ahead.ts';
import type { WorkerClientOptions } from './worker-client/worker-messages.ts';

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

/** The latest a page prepares its calls after the targets are known (sooner when idle). */
const PREPARE_WITHIN_MS = 300;

/**
 * Prepares, while the user fills the form, what a page's first call would otherwise wait for:
 * the protocol's code, the client worker (for `thread` 'worker'), and the service's namespace
 * from ?WSDL (no key in it) for the target the calls go to, once the targets are known. In the
 * viewer bench a first call's request left 220–480 ms after the click without this.
 * @example usePreparedCalls(connection);
 */
export function usePreparedCalls(connection: Connection, thread: ClientThread = 'worker'): void {
  const queryClient = useQueryClient();
  const targetsKnown = useQuery(targetsQueryOptions()).status !== 'pending';
  const { targetId, namespaceOverride } = connection;
  useEffect(() => {
    if (!targetsKnown) return;
    // Soon rather than at the first quiet moment: the page's other warm-ups (fonts, the viewer's
    // code) can keep it busy for seconds, and a form is often sent within one.
    return whenIdle(() => {
      loadProtocol().catch(() => undefined);
      if (thread === 'worker') prewarmClientWorker();
      if (namespaceOverride === null)
        void queryClient.prefetchQuery(namespaceQueryOptions(targetId));
    }, PREPARE_WITHIN_MS);
  }, [queryClient, targetsKnown, targetId, namespaceOverride, thread]);
}

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
  const options = await clientOptions(queryClient, connection, binding);
  if (thread === 'page') return createPageThreadClient(options, connection.targetId, pageFetch);
  // The call's fetch and decode run in a worker, so a large answer never blocks the page.
  return createWorkerInodeClient(options, connection.targetId);
}

/**
 * From this size on, a GetAssetStubs answer shown on the page reaches it held in Blobs
 * (src/text/held-text.ts) rather than as text: 1 MiB, about 2,500 stubs. Below it the text costs
 * the page less than reading it back on demand would.
 */
export const HOLD_ANSWERS_FROM = 1024 * 1024;

/**
 * A worker client for an answer the page shows rather than works on: a large GetAssetStubs
 * answer's body and DataStubs are held (HOLD_ANSWERS_FROM), and read only where a view needs
 * them, so that the page's memory does not grow with the answer.
 *
 * @example const { record } = await (await openHoldingClient(queryClient, connection, 'soap11')).getAssetStubs(params);
 */
export async function openHoldingClient(
  queryClient: QueryClient,
  connection: Connection,
  binding: Binding,
): Promise<HoldingInodeClient> {
  const options = await clientOptions(queryClient, connection, binding);
  return createHoldingWorkerClient(options, connection.targetId, HOLD_ANSWERS_FROM);
}

/** The client's options from the settings, with the namespace discovered when not given. */
async function clientOptions(
  queryClient: QueryClient,
  connection: Connection,
  binding: Binding,
): Promise<WorkerClientOptions> {
  // The call's own rendering now matches the fonts and runs the code it needs.
  endWorkAhead();
  let namespace = connection.namespaceOverride;
  if (namespace === null) {
    // When discovery fails the client tries ?WSDL itself and throws its own typed error.
    namespace = await queryClient
      .fetchQuery(namespaceQueryOptions(connection.targetId))
      .catch(() => null);
  }
  return {
    baseUrl: serviceBaseUrl(),
    binding,
    timeoutMs: connection.timeoutMs,
    maxBodyBytes: connection.maxAnswerBytes,
    ...(namespace ? { namespace } : {}),
  };
}
