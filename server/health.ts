// GET /healthz: the process is up. GET /readyz: whether each target's ?WSDL answers, with its
// latency; 503 when the default target does not (a load balancer then stops sending traffic).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Agent } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { SERVICE_PATH } from '../src/protocol/operations.ts';
import type { RemoteTarget, Target, TargetConfig } from './targets.ts';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const DEFAULT_PROBE_TIMEOUT_MS = 3_000;

export interface TargetReadiness {
  id: string;
  kind: Target['kind'];
  ready: boolean;
  status: number | null;
  latencyMs: number;
  error?: string;
}

export interface Readiness {
  ready: boolean;
  defaultId: string;
  targets: TargetReadiness[];
}

/** GETs <target>/Inode.asmx?WSDL; ready when it answers 200 within the timeout. */
function probe(
  target: RemoteTarget,
  agent: Agent | undefined,
  timeoutMs: number,
): Promise<TargetReadiness> {
  const started = performance.now();
  const base = new URL(target.url);
  const transport = base.protocol === 'https:' ? https : http;
  const result = (status: number | null, error?: string): TargetReadiness => ({
    id: target.id,
    kind: 'remote',
    ready: status === 200,
    status,
    latencyMs: Math.round(performance.now() - started),
    ...(error ? { error } : {}),
  });
  return new Promise((resolve) => {
    const request = transport.get(
      {
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port || undefined,
        path: `${base.pathname.replace(/\/$/, '')}${SERVICE_PATH}?WSDL`,
        timeout: timeoutMs,
        ...(agent ? { agent } : {}),
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(result(answer.statusCode ?? null)));
        answer.on('error', (e) => resolve(result(null, e.message)));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (e: NodeJS.ErrnoException) =>
      resolve(result(null, e.code ? `${e.code} ${e.message}` : e.message)),
    );
  });
}

/**
 * Answers /healthz and /readyz; concurrent readiness requests share one round of probes.
 * @example const health = createHealth(config, agents); health.handle(req, res, '/readyz')
 */
export function createHealth(
  config: TargetConfig,
  agents: ReadonlyMap<string, Agent>,
  emulatorReady: () => boolean,
  timeoutMs = DEFAULT_PROBE_TIMEOUT_MS,
) {
  let inFlight: Promise<Readiness> | null = null;

  async function readiness(): Promise<Readiness> {
    const targets = await Promise.all(
      config.targets.map((target) =>
        target.kind === 'remote'
          ? probe(target, agents.get(target.id), timeoutMs)
          : Promise.resolve<TargetReadiness>({
              id: target.id,
              kind: target.kind,
              ready: emulatorReady(),
              status: null,
              latencyMs: 0,
            }),
      ),
    );
    const ready = targets.find((t) => t.id === config.defaultId)?.ready ?? false;
    return { ready, defaultId: config.defaultId, targets };
  }

  function json(res: ServerResponse, status: number, body: unknown): void {
    const text = `${JSON.stringify(body)}\n`;
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  return {
    /** Handles the request when `path` is a health path; false otherwise. */
    handle(req: IncomingMessage, res: ServerResponse, path: string): boolean {
      if (path !== HEALTH_PATH && path !== READY_PATH) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': 0 });
        res.end();
        return true;
      }
      if (path === HEALTH_PATH) {
        json(res, 200, { status: 'ok' });
        return true;
      }
      inFlight ??= readiness().finally(() => (inFlight = null));
      void inFlight.then((result) => json(res, result.ready ? 200 : 503, result));
      return true;
    },
  };
}
