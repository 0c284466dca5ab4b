/**
 * Whether each target answers, from the console server's GET <base>/__console/health: polled,
 * read defensively, and said in plain words beside the target's name before any call is made.
 * The route reports ids, readiness, an HTTP status and a problem kind: never an address.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  TARGET_HEALTH_PATH,
  TARGET_PROBLEMS,
  type TargetHealthEntry,
  type TargetProblem,
} from '../console-api/index.ts';
import { connectionKeys, consoleRoute } from './targets.ts';

export const HEALTH_PATH = consoleRoute(TARGET_HEALTH_PATH);

/** How often the health is asked again while the page is open (the server caches its probes). */
export const HEALTH_POLL_MS = 20_000;

/** What the page keeps of a target's health entry. */
export type TargetHealth = Omit<TargetHealthEntry, 'checkedAt'>;

/** Null: the server does not report health (the static nginx recipe has no such route). */
export type HealthReport = Map<string, TargetHealth> | null;

function readTarget(raw: unknown): TargetHealth | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, ready, status, problem } = raw as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof ready !== 'boolean') return null;
  return {
    id,
    ready,
    status: typeof status === 'number' && Number.isInteger(status) ? status : null,
    problem:
      typeof problem === 'string' && (TARGET_PROBLEMS as readonly string[]).includes(problem)
        ? (problem as TargetProblem)
        : null,
  };
}

/**
 * Reads the route's answer; entries that are not well formed are left out (their health is
 * then unknown, never "down").
 * @example parseHealthReport({ targets: [{ id: 'emulator', ready: true }] })?.get('emulator')?.ready // true
 */
export function parseHealthReport(raw: unknown): Map<string, TargetHealth> {
  const report = new Map<string, TargetHealth>();
  const targets = (raw as { targets?: unknown } | null)?.targets;
  if (!Array.isArray(targets)) return report;
  for (const entry of targets as unknown[]) {
    const health = readTarget(entry);
    if (health) report.set(health.id, health);
  }
  return report;
}

/** The health of every target, or null where the server has no health route (HTTP 404). */
export async function fetchHealth(signal?: AbortSignal): Promise<HealthReport> {
  const response = await fetch(HEALTH_PATH, {
    headers: { accept: 'application/json' },
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`the health check answered HTTP ${response.status}`);
  return parseHealthReport(await response.json());
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: connectionKeys.health(),
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    retry: false,
  });
}

export interface HealthView {
  state: 'checking' | 'ready' | 'down' | 'unknown';
  /** A few words beside the name: "answering", "not answering", "health unknown". */
  badge: string;
  /** One sentence for a target that is down or unknown; null when there is nothing to say. */
  sentence: string | null;
}

function problemWords(health: TargetHealth): string {
  if (health.problem === 'timeout') return 'it did not answer the console server in time';
  if (health.problem === 'http-status' || (health.problem === null && health.status !== null))
    return `it answered HTTP ${health.status ?? '(no status)'} where the service description was expected`;
  return 'nothing answered at its address (connection refused or the name not found)';
}

/**
 * The health of one target in words.
 * @example describeHealth('staging', report, false).sentence // 'Target staging is not answering: …'
 */
export function describeHealth(
  targetName: string,
  health: TargetHealth | undefined,
  query: { pending: boolean; failed: boolean; routeMissing: boolean },
): HealthView {
  if (query.pending) return { state: 'checking', badge: 'checking…', sentence: null };
  if (query.routeMissing)
    return {
      state: 'unknown',
      badge: 'health unknown',
      sentence: `This console server does not report whether target ${targetName} answers; a call will tell.`,
    };
  if (query.failed || !health)
    return {
      state: 'unknown',
      badge: 'health unknown',
      sentence: `The console server did not say whether target ${targetName} answers; a call will tell.`,
    };
  if (health.ready) return { state: 'ready', badge: 'answering', sentence: null };
  return {
    state: 'down',
    badge: 'not answering',
    sentence: `Target ${targetName} is not answering: ${problemWords(health)}. Calls to it will fail until it is back; pick another target in Settings or start the service.`,
  };
}

/**
 * The health of one target, polled every HEALTH_POLL_MS and on window focus.
 * @example const { badge, sentence } = useTargetHealth('staging', 'Staging');
 */
export function useTargetHealth(targetId: string | null, targetName: string): HealthView {
  const health = useQuery(healthQueryOptions());
  return describeHealth(targetName, targetId === null ? undefined : health.data?.get(targetId), {
    pending: health.isPending,
    failed: health.isError,
    routeMissing: health.data === null,
  });
}
