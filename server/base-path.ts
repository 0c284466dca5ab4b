// INODE_BASE_PATH: the URL path the console lives under (`/` or e.g. `/tools/inode/`).

/**
 * Normalizes a base path to a leading and a trailing slash; throws on anything that is not a
 * plain path.
 * @example normalizeBasePath('tools/inode') // '/tools/inode/'
 */
export function normalizeBasePath(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '' || trimmed === '/') return '/';
  const path = `/${trimmed.replace(/^\/+|\/+$/g, '')}/`;
  const segments = path.slice(1, -1).split('/');
  if (!segments.every((s) => /^[A-Za-z0-9_~-][A-Za-z0-9_.~-]*$/.test(s) && s !== '..')) {
    throw new Error(
      `INODE_BASE_PATH: "${value}" must be a plain URL path such as /tools/inode/ (letters, digits, . _ ~ - between slashes)`,
    );
  }
  return path;
}

/**
 * The request target relative to the base path (with a leading slash), or null when the request
 * is outside it.
 * @example stripBasePath('/tools/inode/Inode.asmx?WSDL', '/tools/inode/') // '/Inode.asmx?WSDL'
 */
export function stripBasePath(url: string, basePath: string): string | null {
  if (basePath === '/') return url;
  if (url.startsWith(basePath)) return url.slice(basePath.length - 1);
  // The bare base without its trailing slash, with or without a query.
  const bare = basePath.slice(0, -1);
  if (url === bare || url.startsWith(`${bare}?`)) return `/${url.slice(bare.length)}`;
  return null;
}

/** Written into dist/ at build time: which base path the bundle's URLs were built for. */
export const BUILD_INFO_FILE = 'console-build.json';
