/**
 * The targets the console server offers (GET /__console/targets, whose answer src/console-api
 * defines) and the namespace each one declares in its ?WSDL. Shared by Settings, the shell and
 * every call.
 */
import { queryOptions } from '@tanstack/react-query';
import { TARGETS_PATH as TARGETS_ROUTE, type Target } from '../console-api/index.ts';
import { loadProtocol } from './protocol-loader.ts';
import { createTargetFetch } from './target-fetch.ts';

/** A Target as the page reads it: kept even when its kind is one this page does not know. */
export interface ConsoleTarget {
  id: string;
  label: string;
  kind: Target['kind'] | (string & {});
  url?: string;
}

export interface TargetList {
  targets: ConsoleTarget[];
  defaultId: string | null;
  /** The server says it hosts the bulk relay; false when its list does not say so. */
  relay: boolean;
}

/**
 * The URL path the console is served under (`/`, or e.g. `/tools/inode/` when built with
 * INODE_BASE_PATH): the console server's own routes live below it too.
 */
export const BASE_PATH: string = import.meta.env.BASE_URL;

/** A console server route (`/__console/…`) below the base path. */
export function consoleRoute(route: string): string {
  return `${BASE_PATH}${route.replace(/^\//, '')}`;
}

export const TARGETS_PATH = consoleRoute(TARGETS_ROUTE);

/** Query keys for server-level facts (targets, namespaces), shared by every feature. */
export const connectionKeys = {
  all: ['connection'] as const,
  targets: () => [...connectionKeys.all, 'targets'] as const,
  namespace: (targetId: string | null) => [...connectionKeys.all, 'namespace', targetId] as const,
  health: () => [...connectionKeys.all, 'health'] as const,
};

/**
 * Reads the server's answer defensively: anything malformed becomes an empty list.
 * @example parseTargetList({ targets: [{ id: 'emulator', label: 'Embedded emulator', kind: 'emulator' }], defaultId: 'emulator' })
 */
export function parseTargetList(raw: unknown): TargetList {
  if (typeof raw !== 'object' || raw === null)
    return { targets: [], defaultId: null, relay: false };
  const r = raw as { targets?: unknown; defaultId?: unknown; relay?: unknown };
  const targets: ConsoleTarget[] = [];
  if (Array.isArray(r.targets)) {
    for (const t of r.targets as unknown[]) {
      if (typeof t !== 'object' || t === null) continue;
      const { id, label, kind, url } = t as Record<string, unknown>;
      if (typeof id !== 'string' || id === '') continue;
      targets.push({
        id,
        label: typeof label === 'string' && label ? label : id,
        kind: typeof kind === 'string' ? kind : 'remote',
        ...(typeof url === 'string' ? { url } : {}),
      });
    }
  }
  const defaultId =
    typeof r.defaultId === 'string' && targets.some((t) => t.id === r.defaultId)
      ? r.defaultId
      : (targets[0]?.id ?? null);
  return { targets, defaultId, relay: r.relay === true };
}

export async function fetchTargets(signal?: AbortSignal): Promise<TargetList> {
  const response = await fetch(TARGETS_PATH, {
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`GET ${TARGETS_PATH} answered HTTP ${response.status}`);
  return parseTargetList(await response.json());
}

export function targetsQueryOptions() {
  return queryOptions({
    queryKey: connectionKeys.targets(),
    queryFn: ({ signal }) => fetchTargets(signal),
    staleTime: 60_000,
    retry: 1,
  });
}

/**
 * What the service path is resolved against: the console's own origin and base path, where the
 * proxy lives (so under a sub-path the service is <origin>/tools/inode/Inode.asmx).
 */
export function serviceBaseUrl(): string {
  const origin = globalThis.location?.origin;
  return origin ? `${origin}${BASE_PATH.replace(/\/$/, '')}` : '';
}

export function namespaceQueryOptions(targetId: string | null) {
  return queryOptions({
    queryKey: connectionKeys.namespace(targetId),
    queryFn: async () =>
      (await loadProtocol()).discoverNamespace(serviceBaseUrl(), createTargetFetch(targetId)),
    staleTime: Infinity,
    retry: false,
  });
}

/** Which target a call goes to: the chosen one if the server still offers it, else the default. */
export function effectiveTargetId(
  chosen: string | null,
  list: TargetList | undefined,
): string | null {
  if (!list) return chosen;
  if (chosen !== null && list.targets.some((t) => t.id === chosen)) return chosen;
  return list.defaultId;
}
