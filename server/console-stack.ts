// The one middleware stack that serves the console in dev (Vite), preview (Vite) and production
// (server/start.ts): access log, health, Host check, cross-site check, the
// console routes (targets, /Inode.asmx proxy or emulator) and finally the host's own handler
// (Vite's middlewares, or the production static files).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pool } from 'undici';
import type { Duplex } from 'node:stream';
import type { EmulatorHandler } from '../emulator/handler.ts';
import { logWhenDone } from './access-log.ts';
import { stripBasePath } from './base-path.ts';
import { createConsoleRoutes, isConsoleRoute } from './console-routes.ts';
import { createHealth, type HealthOptions } from './health.ts';
import { plainAnswer, type Middleware } from './middleware.ts';
import { DEFAULT_MAX_BODY_BYTES, type ProxyOptions } from './proxy.ts';
import { createRelay, type Relay } from './relay.ts';
import type { RelayLimits } from './relay-limits.ts';
import { createTargetPool, IDLE_CONNECTION_TIMEOUT_MS } from './target-pool.ts';
import { createHostCheck, crossSiteReason } from './request-guard.ts';
import {
  securityHeaders,
  setAnswerHeaders,
  type SecurityHeaderOptions,
} from './security-headers.ts';
import type { TargetConfig } from './targets.ts';

export interface ConsoleStackOptions {
  readonly targets: TargetConfig;
  /** `/` or `/some/path/`, see base-path.ts. */
  readonly basePath: string;
  /** Host names besides localhost and IP literals (INODE_ALLOWED_HOSTS). */
  readonly allowedHosts: readonly string[];
  /** X-Forwarded-Host and -For are believed (INODE_TRUST_PROXY; request-guard.ts). */
  readonly trustProxy?: boolean;
  readonly proxy: Omit<ProxyOptions, 'pool' | 'passCredentials'>;
  /** Connections to one target at most (INODE_UPSTREAM_MAX_SOCKETS). */
  readonly maxSocketsPerTarget?: number;
  /** Target ids that receive the caller's Authorization and Cookie (INODE_PASS_CREDENTIALS). */
  readonly passCredentialsTo?: readonly string[];
  readonly headers?: SecurityHeaderOptions;
  /** Probe timeout and cache, and INODE_HEALTH_TOKEN for the detailed /readyz. */
  readonly health?: HealthOptions;
  /** The bulk relay's caps (INODE_RELAY_*; relay-limits.ts); defaults otherwise. */
  readonly relayLimits?: Partial<RelayLimits>;
  /** Loads the embedded emulator; called once, at creation, when a target needs it. */
  readonly loadEmulator: () => Promise<EmulatorHandler>;
  /** Access log line sink; no access log without it. */
  readonly log?: (line: string) => void;
}

export interface ConsoleStack {
  readonly middleware: Middleware;
  /** Settles when the emulator (if any) is loaded; rejects when it cannot be. */
  readonly ready: Promise<void>;
  readonly emulator: Promise<EmulatorHandler> | null;
  /** The bulk job's WebSocket relay (relay.ts); its calls run through `middleware`. */
  readonly relay: Relay;
  /** For the http server's 'upgrade' event: takes the relay's path, leaves any other (false). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes the emulator's database and the targets' idle connections. */
  close(): Promise<void>;
}

function pathOf(url: string): string {
  const question = url.indexOf('?');
  return question < 0 ? url : url.slice(0, question);
}

/**
 * @example
 * const stack = createConsoleStack({ targets, basePath: '/', allowedHosts: [], proxy: {}, loadEmulator });
 * http.createServer((req, res) => stack.middleware(req, res, () => notFound(res)));
 */
export function createConsoleStack(options: ConsoleStackOptions): ConsoleStack {
  const { targets, basePath } = options;
  const pools = new Map<string, Pool>();
  for (const target of targets.targets) {
    if (target.kind === 'remote')
      pools.set(
        target.id,
        createTargetPool(target, IDLE_CONNECTION_TIMEOUT_MS, options.maxSocketsPerTarget),
      );
  }
  const passCredentialsTo = new Set(options.passCredentialsTo ?? []);
  for (const id of passCredentialsTo) {
    if (!pools.has(id))
      throw new Error(
        `INODE_PASS_CREDENTIALS: "${id}" is not a remote target (remote targets: ${[...pools.keys()].join(', ') || 'none'})`,
      );
  }
  const emulator = targets.targets.some((t) => t.kind === 'emulator')
    ? options.loadEmulator()
    : null;
  let emulatorLoaded = false;
  const ready = (emulator ?? Promise.resolve(null)).then(() => {
    emulatorLoaded = true;
  });
  // Reported through `ready`; this keeps an unobserved failure from crashing the process.
  ready.catch(() => undefined);

  // The console's pages and files; its own answers write the answer set themselves, each with its
  // other headers in one writeHead (security-headers.ts), which node:http writes fastest.
  const pageHeaders = securityHeaders(options.headers);
  const health = createHealth(targets, pools, () => emulatorLoaded, options.health);
  const isAllowedHost = createHostCheck(options.allowedHosts);
  const routes = createConsoleRoutes(
    targets,
    pools,
    emulator,
    options.proxy,
    health,
    passCredentialsTo,
  );

  const serve: Middleware = (req: IncomingMessage, res: ServerResponse, next) => {
    const url = req.url ?? '/';
    const local = stripBasePath(url, basePath);
    // Health comes before the Host check: load balancers probe by IP or by an internal name the
    // console does not list, and the public answer says nothing but ready or not. Load balancers
    // probe at the root; behind a path-routing proxy they reach the base path.
    if (
      health.handle(req, res, pathOf(url)) ||
      (local !== null && local !== url && health.handle(req, res, pathOf(local)))
    )
      return;
    if (!isAllowedHost(req.headers.host)) {
      plainAnswer(
        res,
        403,
        'host-not-allowed',
        `Host "${req.headers.host ?? ''}" is not one this console server answers to. Add it to INODE_ALLOWED_HOSTS (comma-separated) if it is yours.\n`,
      );
      return;
    }
    if (local === null || !isConsoleRoute(pathOf(local))) {
      for (let i = 0; i < pageHeaders.length; i++)
        res.setHeader(pageHeaders[i]![0], pageHeaders[i]![1]);
      next();
      return;
    }
    const crossSite = crossSiteReason(req, options.trustProxy);
    if (crossSite) {
      plainAnswer(
        res,
        403,
        'cross-site-request',
        `Refused: this request comes from another web site (${crossSite}). Only the console's own pages, or clients that are not browsers (curl, scripts), may call it.\n`,
      );
      return;
    }
    routes(req, res, local, next);
  };

  // The layers in order (access log, serve) as one function:
  // nothing is allocated to chain them. An exception thrown while serving goes to `next`.
  const log = options.log;
  const middleware: Middleware = (req, res, next) => {
    try {
      if (log) logWhenDone(req, res, log);
      serve(req, res, next);
    } catch (thrown) {
      if (!res.headersSent) setAnswerHeaders(res);
      next(thrown);
    }
  };
  const relay = createRelay({
    basePath,
    isAllowedHost,
    dispatch: middleware,
    maxBodyBytes: options.proxy.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    trustProxy: options.trustProxy ?? false,
    ...(options.relayLimits ? { limits: options.relayLimits } : {}),
  });

  return {
    middleware,
    ready,
    emulator,
    relay,
    upgrade: (req, socket, head) => relay.upgrade(req, socket, head),
    async close() {
      relay.terminate();
      await Promise.all([...pools.values()].map((pool) => pool.destroy()));
      if (emulator) (await emulator.catch(() => null))?.close();
    },
  };
}
