/**
 * Servers the deployment specs start themselves: the production server (as `npm start` runs
 * it, from the build the e2e run made), a build under a sub-path, and Debian's nginx with one
 * of the recipes in deploy/nginx/, unprivileged, on a free port, with a generated config.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { freePort } from '../../fixtures/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SUB_PATH = '/tools/inode/';
export const NGINX = '/usr/sbin/nginx';
const SUB_PATH_DIST = join(ROOT, 'dist-e2e-subpath');
const SERVER_ENTRY = join(ROOT, 'dist-e2e-server', 'start.js');

export interface Running {
  /** http://127.0.0.1:port (no path). */
  readonly origin: string;
  stop(): Promise<void>;
}

export interface RunningConsoleServer extends Running {
  /** What the server wrote on stdout so far (its access log, when INODE_ACCESS_LOG is on). */
  stdout(): string;
}

export interface RunningNginx extends Running {
  /** nginx's access log (the recipe's log_format) and error log so far. */
  accessLog(): string;
  errorLog(): string;
}

/** The install paths the recipes use for their snippets and logs, and the files they include. */
const SNIPPETS = {
  '/etc/nginx/snippets/inode-console-headers.conf': 'security-headers.conf',
  '/etc/nginx/snippets/inode-console-answer-headers.conf': 'answer-headers.conf',
  '/etc/nginx/snippets/inode-console-limits.conf': 'limits.conf',
  '/etc/nginx/snippets/inode-console-proxy.conf': 'console-proxy.conf',
} as const;
const LOGS = {
  '/var/log/nginx/inode-console.access.log': 'access.log',
  '/var/log/nginx/inode-console.error.log': 'error.log',
} as const;

/** The console built for /tools/inode/, rebuilt whenever this run rebuilt the root build. */
export function subPathBuild(): string {
  const info = join(SUB_PATH_DIST, 'console-build.json');
  const fresh =
    existsSync(info) &&
    statSync(info).mtimeMs > statSync(join(ROOT, 'dist-e2e', 'index.html')).mtimeMs;
  if (!fresh) {
    const result = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', SUB_PATH_DIST, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: ROOT, env: { ...process.env, INODE_BASE_PATH: SUB_PATH }, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`sub-path build failed: ${result.stderr}`);
  }
  return SUB_PATH_DIST;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `npm start` on a build (dist-e2e-server/start.js is what `npm run build` makes). */
export function startConsoleServer(
  dist: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningConsoleServer> {
  const child = spawn(process.execPath, [SERVER_ENTRY, '--port', '0', '--dist', dist], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, INODE_ACCESS_LOG: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1])
        resolve({ origin: match[1], stop: () => stopChild(child), stdout: () => stdout });
    });
    child.on('exit', (code) => reject(new Error(`console server exited (${code}): ${output}`)));
  });
}

/**
 * Reads a recipe and replaces its example values; every one must be found, so the recipe and
 * this test cannot drift apart unnoticed. The snippets' and logs' install paths become the files
 * startNginx put in `dir`.
 */
export function recipe(name: string, replacements: Record<string, string>, dir: string): string {
  let text = readFileSync(join(ROOT, 'deploy', 'nginx', name), 'utf8');
  for (const [example, value] of Object.entries(replacements)) {
    if (!text.includes(example))
      throw new Error(`deploy/nginx/${name} no longer contains ${example}`);
    text = text.split(example).join(value);
  }
  return withPathsIn(dir, text);
}

/** `text` with the snippets' and logs' install paths turned into files in `dir`. */
function withPathsIn(dir: string, text: string): string {
  let result = text;
  for (const [installed, file] of Object.entries({ ...SNIPPETS, ...LOGS }))
    result = result.split(installed).join(join(dir, file));
  return result;
}

/** The example values every recipe has: its listen lines and public host name. */
export function listenAt(port: number): Record<string, string> {
  return {
    'listen 80;': `listen 127.0.0.1:${port};`,
    'listen 80 default_server;': `listen 127.0.0.1:${port} default_server;`,
    'server_name console.example.org;': 'server_name 127.0.0.1;',
  };
}

/**
 * nginx alone on deploy/nginx/static.conf: the sub-path build as its static files, `consoleConfig`
 * as the console's /__console/targets answer, and `serviceOrigin` as the internal Inode.asmx.
 */
export function startStaticNginx(
  dist: string,
  serviceOrigin: string,
  consoleConfig: unknown,
): Promise<RunningNginx> {
  return startNginx(({ dir, port }) => {
    const config = join(dir, 'console-config.json');
    writeFileSync(config, JSON.stringify(consoleConfig));
    return recipe(
      'static.conf',
      {
        ...listenAt(port),
        '/srv/inode-console/dist': dist,
        '/etc/inode-console/console-config.json': config,
        'inode.internal:8080': new URL(serviceOrigin).host,
      },
      dir,
    );
  });
}

/** An htpasswd line made with the command docs/deploy.md gives (openssl passwd -apr1). */
export function htpasswdLine(user: string, password: string): string {
  const hash = execFileSync('openssl', ['passwd', '-apr1', password], { encoding: 'utf8' }).trim();
  return `${user}:${hash}\n`;
}

/**
 * Starts nginx in the foreground with `site` (a recipe, example values replaced) as its only
 * server, all its files in a temporary folder, as the current user.
 */
export async function startNginx(
  site: (paths: { dir: string; port: number }) => string,
  extraFiles: Record<string, string> = {},
): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'inode-nginx-'));
  const port = await freePort();
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  for (const [name, content] of Object.entries(extraFiles)) writeFileSync(join(dir, name), content);
  for (const file of Object.values(SNIPPETS))
    writeFileSync(
      join(dir, file),
      withPathsIn(dir, readFileSync(join(ROOT, 'deploy', 'nginx', file), 'utf8')),
    );
  writeFileSync(join(dir, 'site.conf'), site({ dir, port }));
  // As root (CI containers), nginx would hand its workers to "nobody", who cannot read here.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${user}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const child = spawn(
    NGINX,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(join(dir, 'error.log'))
        ? readFileSync(join(dir, 'error.log'), 'utf8')
        : '';
      throw new Error(`nginx exited (${child.exitCode}): ${stderr}${log}`);
    }
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const read = (file: string) => () =>
    existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : '';
  return {
    origin,
    accessLog: read('access.log'),
    errorLog: read('error.log'),
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
