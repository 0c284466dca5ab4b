// The thin adapter that mounts the console stack (console-stack.ts) on the Vite dev and preview
// servers: the same targets, proxy, guards and security headers as production. In dev the CSP
// also allows one nonce, which Vite stamps on the scripts and styles it injects (React refresh
// preamble, CSS hot updates), so HMR keeps working without 'unsafe-inline'.
import { randomBytes } from 'node:crypto';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { SERVICE_PATH } from '../src/protocol/operations.ts';
import { targetsFromEnv, type TargetConfig } from './targets.ts';
import { createConsoleStack } from './console-stack.ts';
import { BUILD_INFO_FILE, normalizeBasePath } from './base-path.ts';
import { listFromEnv } from './settings.ts';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_PROXY_TIMEOUT_MS } from './proxy.ts';
import { demoKeysLine } from './demo-keys.ts';

export { TARGETS_PATH } from './console-routes.ts';

type Server = ViteDevServer | PreviewServer;

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
  // One nonce per dev-server process: the dev server is local and short-lived; production
  // serves no inline script or style at all and needs none.
  const devNonce = randomBytes(16).toString('base64url');
  let basePath = '/';

  async function install(server: Server, dev: boolean): Promise<void> {
    const targets = targetsFromEnv(env);
    const { optionsFromEnv, DEFAULT_DB_FILE } = await import('../emulator/options.ts');
    const emulatorOptions = optionsFromEnv(env);
    const stack = createConsoleStack({
      targets,
      basePath,
      allowedHosts: listFromEnv(env.INODE_ALLOWED_HOSTS),
      proxy: {
        timeoutMs: Number(env.INODE_UPSTREAM_TIMEOUT_MS) || DEFAULT_PROXY_TIMEOUT_MS,
        maxBodyBytes: Number(env.INODE_MAX_BODY_BYTES) || DEFAULT_MAX_BODY_BYTES,
      },
      ...(dev ? { headers: { devNonce } } : {}),
      loadEmulator: async () => {
        const { createEmulatorHandler } = await import('../emulator/handler.ts');
        return createEmulatorHandler(emulatorOptions);
      },
    });
    await stack.ready;
    server.httpServer?.on('close', () => void stack.close());
    // Only the relay's path is taken; Vite's own HMR socket keeps its upgrades.
    server.httpServer?.on('upgrade', (req, socket, head) => {
      stack.upgrade(req, socket, head);
    });

    const logger = server.config.logger;
    const announce = async (): Promise<void> => {
      logger.info(describe(targets, emulatorOptions.db ?? DEFAULT_DB_FILE));
      const keys = await demoKeysLine(await stack.emulator);
      if (keys) logger.info(keys);
    };
    if (server.httpServer?.listening) void announce();
    else server.httpServer?.once('listening', () => void announce());
    server.middlewares.use(stack.middleware);
  }

  return {
    name: 'inode-targets',
    config(_config, { command, isPreview }) {
      basePath = normalizeBasePath(env.INODE_BASE_PATH);
      // Vite checks Host itself too: give it the same extra names as the console stack.
      const allowedHosts = listFromEnv(env.INODE_ALLOWED_HOSTS);
      return {
        base: basePath,
        server: { allowedHosts },
        preview: { allowedHosts },
        ...(command === 'serve' && !isPreview ? { html: { cspNonce: devNonce } } : {}),
      };
    },
    generateBundle() {
      // npm start reads it to serve the build under the path its URLs were made for.
      this.emitFile({
        type: 'asset',
        fileName: BUILD_INFO_FILE,
        source: `${JSON.stringify({ basePath })}\n`,
      });
    },
    async configureServer(server) {
      await install(server, true);
    },
    async configurePreviewServer(server) {
      await install(server, false);
    },
  };
}
