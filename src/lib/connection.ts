/**
 * Builds a client for one call from the settings: the chosen target (as X-Inode-Target), the
 * timeout, and the namespace (manual override, else the one discovered from ?WSDL).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Binding, InodeClient } from '../protocol/index.ts';
import { loadProtocol } from './protocol-loader.ts';
import { useSettings } from './settings-context.tsx';
import { createTargetFetch } from './target-fetch.ts';
import {
  effectiveTargetId,
  namespaceQueryOptions,
  serviceBaseUrl,
  targetsQueryOptions,
} from './targets.ts';

export interface Connection {
  /** Target id sent as X-Inode-Target; null lets the server use its default. */
  targetId: string | null;
  timeoutMs: number;
  namespaceOverride: string | null;
}

/** @example const connection = useConnection(); */
export function useConnection(): Connection {
  const { settings } = useSettings();
  const targets = useQuery(targetsQueryOptions());
  const targetId = effectiveTargetId(settings.targetId, targets.data);
  return {
    targetId,
    timeoutMs: settings.timeoutMs,
    namespaceOverride: settings.namespaceOverrides[targetId ?? ''] ?? null,
  };
}

/**
 * @example const client = await openClient(queryClient, connection, 'soap11');
 */
export async function openClient(
  queryClient: QueryClient,
  connection: Connection,
  binding: Binding,
): Promise<InodeClient> {
  let namespace = connection.namespaceOverride;
  if (namespace === null) {
    // When discovery fails the client tries ?WSDL itself and throws its own typed error.
    namespace = await queryClient
      .fetchQuery(namespaceQueryOptions(connection.targetId))
      .catch(() => null);
  }
  const { createInodeClient } = await loadProtocol();
  return createInodeClient({
    baseUrl: serviceBaseUrl(),
    binding,
    fetch: createTargetFetch(connection.targetId),
    timeoutMs: connection.timeoutMs,
    ...(namespace ? { namespace } : {}),
  });
}
