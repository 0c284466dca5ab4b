// The built console (dist/) in production: sirv serves the files (ETag + 304, HEAD, Range, MIME
// types, client-route fallback to index.html) and compression compresses them (brotli when the
// browser accepts it, else gzip). Hashed assets are cached for a year; everything else is
// revalidated on every load, so a new deployment is picked up at once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import sirv from 'sirv';
import { BUILD_INFO_FILE, stripBasePath } from './base-path.ts';
import { plainAnswer, type Middleware } from './middleware.ts';

export interface BuildInfo {
  readonly basePath: string;
}

/**
 * Reads dist/console-build.json; throws a clear message when dist/ is missing or not a build.
 * @example readBuildInfo('dist').basePath // '/'
 */
export function readBuildInfo(distDir: string): BuildInfo {
  const file = join(distDir, BUILD_INFO_FILE);
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(file)) {
    throw new Error(
      `No built console in ${distDir} (index.html and ${BUILD_INFO_FILE} expected): run npm run build first, or point INODE_DIST_DIR at the build`,
    );
  }
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildInfo>;
  if (typeof parsed.basePath !== 'string') throw new Error(`${file}: no basePath`);
  return { basePath: parsed.basePath };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function notFound(res: ServerResponse, path: string): void {
  plainAnswer(res, 404, 'not-found', `Nothing at ${path}\n`);
}

/**
 * @example http.createServer((req, res) => staticFiles('dist', '/')(req, res, () => {}))
 */
export function staticFiles(distDir: string, basePath: string): Middleware {
  const files = sirv(distDir, {
    etag: true,
    single: true,
    dotfiles: false,
    // Vite puts content-hashed files under assets/: a changed file gets a new name.
    setHeaders: (res, pathname) =>
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE),
  });
  const compress = compression();
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    if (basePath !== '/' && (path === '/' || path === basePath.slice(0, -1))) {
      res.writeHead(301, { Location: basePath, 'Content-Length': 0 });
      res.end();
      return;
    }
    const local = stripBasePath(url, basePath);
    if (local === null) {
      notFound(res, path);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      plainAnswer(res, 405, 'method-not-allowed', `Use GET or HEAD for ${path}\n`);
      return;
    }
    req.url = local;
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () =>
      files(req, res, () => notFound(res, path)),
    );
  };
}
