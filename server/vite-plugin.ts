// Serves /Inode.asmx from the Vite dev and preview servers (contracts.md §2): the embedded
// emulator by default, or a proxy to INODE_TARGET / INODE_TARGETS, chosen per request by the
// X-Inode-Target header among the ids listed at GET /__console/targets. The emulator (and with
// it better-sqlite3) is imported lazily, only when a server starts: `vite build` and the client
// bundle never load it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin, PreviewServer, ViteDevServer } from 'vite';
import { SERVICE_PATH } from '../src/protocol/operations.ts';
import { targetsFromEnv, type Target, type TargetConfig } from './targets.ts';
import { isSafeServiceTarget, proxyToTarget } from './proxy.ts';
import type { EmulatorHandler } from '../emulator/handler.ts';

export const TARGETS_PATH = '/__console/targets';

type Server = ViteDevServer | PreviewServer;

function isServicePath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return path === SERVICE_PATH || path.startsWith(`${SERVICE_PATH}/`);
}

function plainError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Inode-Console-Error': code,
    'Content-Length': Buffer.byteLength(message),
  });
  res.end(message);
}

function describe(config: TargetConfig, dbFile: string): string {
  const lines = config.targets.map((t) => {
    const where = t.kind === 'emulator' ? `embedded emulator (database ${dbFile})` : t.url;
    return `  ${t.id === config.defaultId ? '*' : ' '} ${t.id}: ${where}`;
  });
  return `Inode targets for ${SERVICE_PATH} (* = default, pick another with header X-Inode-Target):\n${lines.join('\n')}`;
}

/**
 * The Vite plugin. Reads its configuration from the environment when a server starts.
 * @example export default defineConfig({ plugins: [react(), inodeTargets()] });
 */
export function inodeTargets(env: NodeJS.ProcessEnv = process.env): Plugin {
  let emulator: Promise<EmulatorHandler> | null = null;

  async function install(server: Server): Promise<void> {
    const config = targetsFromEnv(env);
    const byId = new Map<string, Target>(config.targets.map((t) => [t.id, t]));
    const { optionsFromEnv, DEFAULT_DB_FILE } = await import('../emulator/options.ts');
    const emulatorOptions = optionsFromEnv(env);
    if (byId.has('emulator')) {
      emulator = import('../emulator/handler.ts').then(({ createEmulatorHandler }) =>
        createEmulatorHandler(emulatorOptions),
      );
      const handler = await emulator;
      server.httpServer?.on('close', () => handler.close());
    }
    const logger = server.config.logger;
    const announce = async (): Promise<void> => {
      logger.info(describe(config, emulatorOptions.db ?? DEFAULT_DB_FILE));
      if (emulator) {
        const { DEMO_USERS, SEED_STUBS_KEY } = await import('../emulator/demo-users.ts');
        const handler = await emulator;
        if (!handler.options.referenceMode) {
          logger.info(
            `  emulator demo keys: ${DEMO_USERS.map((u) => u.openIdKey).join(', ')}${handler.options.seedStubs ? `, ${SEED_STUBS_KEY} (${handler.options.seedStubs} stubs)` : ''}`,
          );
        }
      }
    };
    if (server.httpServer?.listening) void announce();
    else server.httpServer?.once('listening', () => void announce());

    const middleware: Connect.NextHandleFunction = (
      req: IncomingMessage,
      res: ServerResponse,
      next,
    ) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === TARGETS_PATH) {
        if (req.method !== 'GET') {
          plainError(res, 405, 'method-not-allowed', 'Use GET\n');
          return;
        }
        const body = JSON.stringify({ targets: config.targets, defaultId: config.defaultId });
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Cache-Control': 'no-store',
          'Content-Length': Buffer.byteLength(body),
        });
        res.end(body);
        return;
      }
      if (!isServicePath(req.url)) {
        next();
        return;
      }
      const requested = req.headers['x-inode-target'];
      const id = (Array.isArray(requested) ? requested[0] : requested)?.trim() || config.defaultId;
      const target = byId.get(id);
      if (!target) {
        plainError(
          res,
          400,
          'unknown-target',
          `Unknown Inode target "${id}". Known: ${[...byId.keys()].join(', ')}\n`,
        );
        return;
      }
      delete req.headers['x-inode-target'];
      if (target.kind === 'remote') {
        if (!isSafeServiceTarget(req.url ?? '', SERVICE_PATH)) {
          plainError(
            res,
            400,
            'bad-path',
            `Only ${SERVICE_PATH} and ${SERVICE_PATH}/<Operation> are proxied: no dot segments, escapes, backslashes or semicolons in the path\n`,
          );
          return;
        }
        proxyToTarget(req, res, target);
        return;
      }
      (emulator ?? Promise.reject(new Error('emulator disabled')))
        .then((handler) => handler(req, res))
        .catch((error: unknown) => next(error));
    };
    server.middlewares.use(middleware);
  }

  return {
    name: 'inode-targets',
    async configureServer(server) {
      await install(server);
    },
    async configurePreviewServer(server) {
      await install(server);
    },
  };
}
