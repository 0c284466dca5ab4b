// GET /healthz: the process is up. GET /readyz: whether the default target's ?WSDL answers (503
// when it does not, so a load balancer stops sending traffic). Everyone gets the status code and
// {"ready":bool}; the per-target detail (ids, latency, error) only a caller on this machine that
// came through no proxy, or one presenting INODE_HEALTH_TOKEN. Probe rounds are cached and shared,
// so a flood of /readyz (or of the console's own health polling) never floods the targets.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { ANSWER_HEADER_FIELDS } from './security-headers.ts';
import { SERVICE_PATH } from '../src/protocol/operations.ts';
import type { HealthPayload, TargetProblem } from '../src/console-api/index.ts';
import { targetPathPrefix, type RemoteTarget, type Target, type TargetConfig } from './targets.ts';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const DEFAULT_PROBE_TIMEOUT_MS = 3_000;
/** How long one round of probes answers every readiness question. */
export const DEFAULT_PROBE_CACHE_MS = 3_000;

export interface TargetReadiness {
  id: string;
  kind: Target['kind'];
  ready: boolean;
  status: number | null;
  problem: TargetProblem | null;
  latencyMs: number;
  checkedAt: string;
  /** The network error's text: for the detailed /readyz only, never the console route. */
  error?: string;
}

export interface Readiness {
  ready: boolean;
  defaultId: string;
  targets: TargetReadiness[];
}

export interface HealthOptions {
  readonly probeTimeoutMs?: number;
  readonly cacheMs?: number;
  /** INODE_HEALTH_TOKEN: `Authorization: Bearer <token>` on /readyz gets the detail. */
  readonly token?: string;
}

class ProbeTimeout extends Error {}

/**
 * GETs <target>/Inode.asmx?WSDL through the target's pool; ready when it answers 200 within the
 * timeout, counted from the start (a wait for a free connection included).
 */
async function probe(
  target: RemoteTarget,
  pool: Dispatcher,
  timeoutMs: number,
): Promise<TargetReadiness> {
  const started = performance.now();
  const checkedAt = new Date().toISOString();
  const result = (status: number | null, failure?: Error): TargetReadiness => {
    const problem: TargetProblem | null =
      status === 200
        ? null
        : failure instanceof ProbeTimeout
          ? 'timeout'
          : status === null
            ? 'no-answer'
            : 'http-status';
    const code = (failure as NodeJS.ErrnoException | undefined)?.code;
    return {
      id: target.id,
      kind: 'remote',
      ready: status === 200,
      status,
      problem,
      latencyMs: Math.round(performance.now() - started),
      checkedAt,
      ...(failure ? { error: code ? `${code} ${failure.message}` : failure.message } : {}),
    };
  };
  const timeout = new ProbeTimeout(`no answer within ${timeoutMs} ms`);
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // The timeout answers the probe even while its call still waits for a free connection (undici
  // ends a queued call only once it gets one): a full pool never holds /readyz up.
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      abort.abort(timeout);
      reject(timeout);
    }, timeoutMs);
  });
  const answered = pool
    .request({
      method: 'GET',
      path: `${targetPathPrefix(target.url)}${SERVICE_PATH}?WSDL`,
      signal: abort.signal,
    })
    .then(async (answer) => {
      await answer.body.dump();
      return answer.statusCode;
    });
  // Its failure after the timeout has answered is expected, and reported by nobody.
  answered.catch(() => undefined);
  try {
    return result(await Promise.race([answered, timedOut]));
  } catch (error) {
    return result(null, abort.signal.aborted ? timeout : (error as Error));
  } finally {
    clearTimeout(timer);
  }
}

/** A remote target the server made no pool for: reported not ready, never thrown. */
function unprobed(target: RemoteTarget): TargetReadiness {
  return {
    id: target.id,
    kind: 'remote',
    ready: false,
    status: null,
    problem: 'no-answer',
    latencyMs: 0,
    checkedAt: new Date().toISOString(),
    error: 'no connection pool for this target',
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether a request comes from this machine directly: a loopback peer that no reverse proxy
 * relayed (a proxy on the same host is loopback too, and would hand the detail to anyone).
 */
export function isDirectLoopback(req: IncomingMessage): boolean {
  const h = req.headers;
  if (h['x-forwarded-for'] || h.forwarded || h['x-real-ip']) return false;
  return LOOPBACK.test(req.socket.remoteAddress ?? '');
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares the Bearer token in constant time (digests of equal length, whatever was sent). */
function bearerMatches(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/** The /__console/health answer: what a browser may know (no address, URL or error text). */
export function publicTargetHealth(readiness: Readiness): HealthPayload {
  return {
    targets: readiness.targets.map(({ id, ready, status, problem, checkedAt }) => ({
      id,
      ready,
      status,
      problem,
      checkedAt,
    })),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, {
    ...ANSWER_HEADER_FIELDS,
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export interface Health {
  /** Handles the request when `path` is a health path; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): boolean;
  /** The latest probe round, at most `cacheMs` old (shared by every caller). */
  readiness(): Promise<Readiness>;
}

/**
 * @example const health = createHealth(config, pools, () => true); health.handle(req, res, '/readyz')
 */
export function createHealth(
  config: TargetConfig,
  pools: ReadonlyMap<string, Dispatcher>,
  emulatorReady: () => boolean,
  options: HealthOptions = {},
): Health {
  const timeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? DEFAULT_PROBE_CACHE_MS;
  let latest: { settledAt: number | null; round: Promise<Readiness> } | null = null;

  async function probeAll(): Promise<Readiness> {
    const targets = await Promise.all(
      config.targets.map((target) => {
        if (target.kind === 'remote') {
          const pool = pools.get(target.id);
          return pool ? probe(target, pool, timeoutMs) : Promise.resolve(unprobed(target));
        }
        const ready = emulatorReady();
        return Promise.resolve<TargetReadiness>({
          id: target.id,
          kind: target.kind,
          ready,
          status: null,
          problem: ready ? null : 'no-answer',
          latencyMs: 0,
          checkedAt: new Date().toISOString(),
        });
      }),
    );
    const ready = targets.find((t) => t.id === config.defaultId)?.ready ?? false;
    return { ready, defaultId: config.defaultId, targets };
  }

  function readiness(): Promise<Readiness> {
    // A round in flight is shared; a finished one is reused until it is `cacheMs` old.
    const stale = latest?.settledAt != null && performance.now() - latest.settledAt >= cacheMs;
    if (!latest || stale) latest = startRound();
    return latest.round;
  }

  function startRound() {
    const entry = { settledAt: null as number | null, round: probeAll() };
    void entry.round.then(() => (entry.settledAt = performance.now()));
    return entry;
  }

  return {
    readiness,
    handle(req, res, path) {
      if (path !== HEALTH_PATH && path !== READY_PATH) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...ANSWER_HEADER_FIELDS, Allow: 'GET, HEAD', 'Content-Length': 0 });
        res.end();
        return true;
      }
      if (path === HEALTH_PATH) {
        sendJson(res, 200, { status: 'ok' });
        return true;
      }
      const detailed = isDirectLoopback(req) || bearerMatches(req, options.token);
      void readiness().then((result) =>
        sendJson(res, result.ready ? 200 : 503, detailed ? result : { ready: result.ready }),
      );
      return true;
    },
  };
}
