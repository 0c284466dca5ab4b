// The production server: the console stack (console-stack.ts) in front of the built files,
// plus graceful shutdown. server/start.ts is its command line.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normalizeBasePath } from './base-path.ts';
import { limitConnections } from './connection-limits.ts';
import { createConsoleStack, type ConsoleStack } from './console-stack.ts';
import { loggedPath } from './access-log.ts';
import { plainAnswer } from './middleware.ts';
import type { ServerSettings } from './settings.ts';
import { readBuildInfo, staticFiles } from './static-files.ts';
import { batchedWriter, type LogWriter } from './log-writer.ts';
import { targetsFromEnv, type TargetConfig } from './targets.ts';

export interface ProductionServer {
  readonly server: http.Server;
  readonly stack: ConsoleStack;
  readonly targets: TargetConfig;
  readonly basePath: string;
  /** Resolves with the URL once listening. */
  listen(): Promise<string>;
  /** Stops accepting, lets calls in flight finish (up to the shutdown timeout), closes. */
  shutdown(): Promise<void>;
}

/** Where the base path comes from: the build; a run-time value must agree with it. */
function resolveBasePath(settings: ServerSettings): string {
  const built = readBuildInfo(settings.distDir).basePath;
  if (settings.basePath !== null && normalizeBasePath(settings.basePath) !== built) {
    throw new Error(
      `INODE_BASE_PATH is ${normalizeBasePath(settings.basePath)} but ${settings.distDir} was built for ${built}: rebuild with INODE_BASE_PATH=${normalizeBasePath(settings.basePath)} npm run build`,
    );
  }
  return built;
}

/** An unexpected error inside a handler: 500, and a log line without the error's message
 * (it could quote what the request carried). */
function internalError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const name = error instanceof Error ? error.name : typeof error;
  const frames =
    error instanceof Error ? (error.stack ?? '').split('\n').slice(1, 6).join('\n') : '';
  console.error(`Internal error on ${req.method} ${loggedPath(req.url)}: ${name}\n${frames}`);
  plainAnswer(
    res,
    500,
    'internal-error',
    'The console server failed on this request; see its log\n',
  );
}

/**
 * @example const app = createProductionServer(settings); console.info(await app.listen());
 */
export function createProductionServer(
  settings: ServerSettings,
  log: LogWriter = batchedWriter((bytes) => process.stdout.write(bytes)),
): ProductionServer {
  const basePath = resolveBasePath(settings);
  const targets = targetsFromEnv(settings.env, { emulatorByDefault: false });
  const stack = createConsoleStack({
    targets,
    basePath,
    allowedHosts:
      settings.host === '0.0.0.0' || settings.host === '::'
        ? settings.allowedHosts
        : [settings.host, ...settings.allowedHosts],
    proxy: {
      timeoutMs: settings.upstreamTimeoutMs,
      maxBodyBytes: settings.maxBodyBytes,
      deadlineMs: settings.callDeadlineMs,
      queueTimeoutMs: settings.queueTimeoutMs,
    },
    maxSocketsPerTarget: settings.upstreamMaxSockets,
    passCredentialsTo: settings.passCredentialsTo,
    trustProxy: settings.trustProxy,
    health: settings.healthToken ? { token: settings.healthToken } : {},
    relayLimits: settings.relay,
    loadEmulator: async () => {
      const { optionsFromEnv } = await import('../emulator/options.ts');
      const { createEmulatorHandler } = await import('../emulator/handler.ts');
      return createEmulatorHandler(optionsFromEnv(settings.env));
    },
    ...(settings.accessLog ? { log } : {}),
  });
  const files = staticFiles(settings.distDir, basePath);
  let draining = false;
  const server = http.createServer(
    // Node checks the request and headers deadlines this often (its default is 30 s).
    { connectionsCheckingInterval: Math.min(1_000, settings.headersTimeoutMs) },
    (req, res) => {
      // While draining, every answer closes its connection so the process can exit.
      if (draining) res.setHeader('Connection', 'close');
      stack.middleware(req, res, (error) => {
        if (error !== undefined) internalError(req, res, error);
        else files(req, res, () => undefined);
      });
    },
  );
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    if (!stack.upgrade(req, socket, head)) socket.destroy();
  });
  // Slow-loris guards: headers, then the whole request, within their deadlines; caps on the
  // connections one address, and everyone, may hold.
  server.headersTimeout = settings.headersTimeoutMs;
  server.requestTimeout = settings.requestTimeoutMs;
  limitConnections(server, {
    total: settings.maxConnections,
    perClient: settings.maxConnectionsPerClient,
  });

  return {
    server,
    stack,
    targets,
    basePath,
    async listen() {
      await stack.ready;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(settings.port, settings.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const { port } = server.address() as AddressInfo;
      const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
      return `http://${host}:${port}${basePath}`;
    },
    async shutdown() {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Connections that finish their last call become idle: close them as they do.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const deadline = new Promise<void>((resolve) =>
        setTimeout(resolve, settings.shutdownTimeoutMs).unref(),
      );
      // Relay sockets are no longer the http server's: they drain on their own.
      await Promise.race([Promise.all([closed, stack.relay.drain()]), deadline]);
      clearInterval(sweep);
      server.closeAllConnections();
      await stack.close();
      log.flush();
    },
  };
}
