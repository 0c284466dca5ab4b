/**
 * The console as deployed: the app and its server built as `npm run build` builds them, and the
 * server started as `npm start` starts it, for the benches that measure a browser on it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startUntil } from './process.ts';

export interface ProductionBuild {
  dist: string;
  server: string;
}

/**
 * Builds the app (Vite) and the server (esbuild) into `node_modules/.cache/inode-bench-<name>/`:
 * inside the project, so the compiled server finds the production dependencies in node_modules.
 * `minify: false` keeps the app's function names readable in CPU profiles (slightly slower code).
 */
export function buildProduction(name: string, { minify = true } = {}): ProductionBuild {
  const folder = join(ROOT, 'node_modules/.cache', `inode-bench-${name}`);
  const build = { dist: join(folder, 'dist'), server: join(folder, 'server') };
  mkdirSync(folder, { recursive: true });
  const options = {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  } as const;
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      build.dist,
      '--emptyOutDir',
      '--logLevel',
      'error',
      ...(minify ? [] : ['--minify', 'false']),
    ],
    options,
  );
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), build.server], options);
  return build;
}

/**
 * The built server on loopback (`port` 0: any free one), its access log off, proxying
 * /Inode.asmx to INODE_TARGET from `env`. With BENCH_SERVER_CPU_PROFILE=<dir> (any bench that
 * starts it) the server writes a V8 CPU profile into that directory when it stops.
 * @returns its origin, without a trailing slash.
 */
const PROFILE_DIR = process.env.BENCH_SERVER_CPU_PROFILE;

export async function startProductionServer(
  build: ProductionBuild,
  env: NodeJS.ProcessEnv,
  port = 0,
) {
  const { child, match } = await startUntil(
    process.execPath,
    [
      ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
      join(build.server, 'start.js'),
      '--dist',
      build.dist,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    {
      env: { ...env, INODE_ACCESS_LOG: 'off' },
      ready: /listening on (http:\/\/\S+)/,
      name: 'production server',
    },
  );
  return { child, origin: match[1]!.replace(/\/$/, '') };
}
