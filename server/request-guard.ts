// Two checks before anything is served. The Host check stops DNS rebinding (a hostile name that
// resolves to this server's address); the cross-site check stops other web pages from driving
// the proxy with the operator's browser (CSRF). Requests without browser provenance headers
// (curl, scripts, SOAP tool kits) pass the cross-site check: they are not a browser being abused.
import type { IncomingMessage } from 'node:http';
import net from 'node:net';

/** Names any deployment answers to; IP literals are always accepted (they cannot be rebound). */
const ALWAYS_ALLOWED = ['localhost'];

/** The host name of a Host header value, lower-cased, without port or IPv6 brackets. */
export function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']'));
  const colon = value.lastIndexOf(':');
  return colon < 0 ? value : value.slice(0, colon);
}

/**
 * A Host check for the configured names (the listen host and INODE_ALLOWED_HOSTS). A leading dot
 * allows a domain and its subdomains: `.example.org`.
 * @example createHostCheck(['console.example.org'])('console.example.org:8080') // true
 */
export function createHostCheck(allowed: readonly string[]): (host: string | undefined) => boolean {
  const exact = new Set([...ALWAYS_ALLOWED, ...allowed.map((h) => h.toLowerCase())]);
  const suffixes = allowed.filter((h) => h.startsWith('.')).map((h) => h.toLowerCase());
  return (host) => {
    if (!host) return false;
    const name = hostName(host);
    if (name === '') return false;
    if (exact.has(name) || net.isIP(name) !== 0 || name.endsWith('.localhost')) return true;
    return suffixes.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1));
  };
}

/**
 * Why a request comes from another site, or null when it may use the proxy. Sec-Fetch-Site is
 * trusted when present (every current browser sends it); otherwise Origin must name this host.
 * @example crossSiteReason({ headers: { 'sec-fetch-site': 'cross-site' } }) // 'Sec-Fetch-Site: cross-site'
 */
export function crossSiteReason(req: Pick<IncomingMessage, 'headers'>): string | null {
  const site = req.headers['sec-fetch-site'];
  // same-site is refused too: another port or subdomain of the same site is another origin.
  if (site !== undefined) {
    return site === 'same-origin' || site === 'none' ? null : `Sec-Fetch-Site: ${site}`;
  }
  const origin = req.headers.origin;
  if (origin === undefined) return null;
  return foreignOrigin(req, origin);
}

/**
 * Why a request's Origin is not this console's own origin, or null when it is. For a WebSocket
 * upgrade (the bulk relay), which a browser always sends with Origin: a missing Origin is refused.
 * @example crossOriginReason({ headers: { host: 'a:1', origin: 'http://a:1' } }) // null
 */
export function crossOriginReason(req: Pick<IncomingMessage, 'headers'>): string | null {
  const origin = req.headers.origin;
  if (origin === undefined) return 'no Origin header';
  return foreignOrigin(req, origin);
}

function foreignOrigin(req: Pick<IncomingMessage, 'headers'>, origin: string): string | null {
  if (origin === 'null') return 'Origin: null';
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return `Origin: ${origin}`;
  }
  // Behind a reverse proxy the browser's origin is the proxy's public host, which it forwards.
  const forwarded = String(req.headers['x-forwarded-host'] ?? '')
    .split(',')[0]
    ?.trim()
    .toLowerCase();
  const host = (req.headers.host ?? '').toLowerCase();
  return originHost === host || (forwarded !== '' && originHost === forwarded)
    ? null
    : `Origin: ${origin}`;
}
