// The console's own routes: the target list and /Inode.asmx, served by the embedded emulator or
// proxied to a remote target picked per request by X-Inode-Target (the contract with the page:
// src/console-api). Paths here are relative to the base path; console-stack.ts strips it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pool } from 'undici';
import { SERVICE_PATH } from '../src/protocol/operations.ts';
import type { EmulatorHandler } from '../emulator/handler.ts';
import { noteTarget } from './access-log.ts';
import { publicTargetHealth, sendJson, type Health } from './health.ts';
import { plainAnswer, type Next } from './middleware.ts';
import { isSafeServiceTarget, proxyToTarget, type ProxyOptions } from './proxy.ts';
import { ANSWER_HEADER_FIELDS, setAnswerHeaders } from './security-headers.ts';
import type { Target, TargetConfig } from './targets.ts';
import {
  TARGET_HEADER,
  TARGET_HEALTH_PATH,
  TARGETS_PATH,
  type TargetsPayload,
} from '../src/console-api/index.ts';

export { TARGETS_PATH };
/** Node spells request header names in lower case. */
const TARGET_HEADER_KEY = TARGET_HEADER.toLowerCase();
export const CONSOLE_PREFIX = '/__console/';

/** Whether a base-relative path is the service or one of its operations. */
export function isServicePath(path: string): boolean {
  return path === SERVICE_PATH || path.startsWith(`${SERVICE_PATH}/`);
}

/** Whether a base-relative path is one the console server itself answers (and must guard). */
export function isConsoleRoute(path: string): boolean {
  return isServicePath(path) || path.startsWith(CONSOLE_PREFIX);
}

export interface ConsoleRoutes {
  /** Serves a console route; `localUrl` is the request target with the base path removed. */
  (req: IncomingMessage, res: ServerResponse, localUrl: string, next: Next): void;
}

/**
 * @example const routes = createConsoleRoutes(config, pools, emulator, { timeoutMs: 60_000 }, health);
 */
export function createConsoleRoutes(
  config: TargetConfig,
  pools: ReadonlyMap<string, Pool>,
  emulator: Promise<EmulatorHandler> | null,
  proxyOptions: Omit<ProxyOptions, 'pool' | 'passCredentials'>,
  health: Pick<Health, 'readiness'>,
  passCredentialsTo: ReadonlySet<string> = new Set(),
): ConsoleRoutes {
  const byId = new Map<string, Target>(config.targets.map((t) => [t.id, t]));
  // Every console server hosts the bulk relay (console-stack.ts attaches it with these routes).
  const targetList = JSON.stringify({
    targets: config.targets,
    defaultId: config.defaultId,
    relay: true,
  } satisfies TargetsPayload);
  const knownIds = [...byId.keys()].join(', ');
  // Per-target proxy options built once: nothing is allocated for them per call.
  const proxyOptionsById = new Map<string, ProxyOptions>(
    config.targets.map((t) => {
      const pool = pools.get(t.id);
      return [
        t.id,
        {
          ...proxyOptions,
          ...(pool ? { pool } : {}),
          passCredentials: passCredentialsTo.has(t.id),
        },
      ];
    }),
  );

  return (req, res, localUrl, next) => {
    const question = localUrl.indexOf('?');
    const path = question < 0 ? localUrl : localUrl.slice(0, question);
    if (path === TARGETS_PATH || path === TARGET_HEALTH_PATH) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        plainAnswer(res, 405, 'method-not-allowed', 'Use GET\n');
        return;
      }
      if (path === TARGET_HEALTH_PATH) {
        health
          .readiness()
          .then((readiness) => sendJson(res, 200, publicTargetHealth(readiness)))
          .catch((error: unknown) => next(error));
        return;
      }
      res.writeHead(200, {
        ...ANSWER_HEADER_FIELDS,
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        'Content-Length': Buffer.byteLength(targetList),
      });
      res.end(targetList);
      return;
    }
    if (!isServicePath(path)) {
      plainAnswer(res, 404, 'not-found', `No console route at ${path}\n`);
      return;
    }
    const requested = req.headers[TARGET_HEADER_KEY];
    const id = (Array.isArray(requested) ? requested[0] : requested)?.trim() || config.defaultId;
    const target = byId.get(id);
    if (!target) {
      plainAnswer(res, 400, 'unknown-target', `Unknown Inode target "${id}". Known: ${knownIds}\n`);
      return;
    }
    noteTarget(res, target.id);
    // Deleting a property makes the headers object slower to read: only when there is one.
    if (requested !== undefined) delete req.headers[TARGET_HEADER_KEY];
    req.url = localUrl;
    if (target.kind === 'remote') {
      if (!isSafeServiceTarget(localUrl, SERVICE_PATH)) {
        plainAnswer(
          res,
          400,
          'bad-path',
          `Only ${SERVICE_PATH} and ${SERVICE_PATH}/<Operation> are proxied: no dot segments, escapes, backslashes or semicolons in the path\n`,
        );
        return;
      }
      proxyToTarget(req, res, target, proxyOptionsById.get(target.id));
      return;
    }
    setAnswerHeaders(res);
    (emulator ?? Promise.reject(new Error('emulator disabled')))
      .then((handler) => handler(req, res))
      .catch((error: unknown) => next(error));
  };
}
