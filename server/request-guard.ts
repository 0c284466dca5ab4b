// Two checks before anything is served. The Host check stops DNS rebinding (a hostile name that
// resolves to this server's address); the cross-site check stops other web pages from driving
// the proxy with the operator's browser (CSRF). Requests without browser provenance headers
// (curl, scripts, SOAP tool kits) pass the cross-site check: they are not a browser being abused.
// X-Forwarded-Host and -For are believed only with INODE_TRUST_PROXY=on (`trustProxy`): without a
// reverse proxy that sets them, any client could write them.
import type { IncomingMessage } from 'node:http';
import net from 'node:net';

/** Names any deployment answers to; IP literals are always accepted (they cannot be rebound). */
const ALWAYS_ALLOWED = ['localhost'];
/** How many allowed Host values a check remembers (see createHostCheck). */
const ALLOWED_HOSTS_KEPT = 64;

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
  const isAllowed = (host: string): boolean => {
    const name = hostName(host);
    if (name === '') return false;
    if (exact.has(name) || net.isIP(name) !== 0 || name.endsWith('.localhost')) return true;
    return suffixes.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1));
  };
  // Host header values seen allowed, as sent: a deployment's callers use a handful. Bounded, so
  // a client sending many different names cannot grow it; a refused value is never kept.
  const seenAllowed = new Set<string>();
  return (host) => {
    if (!host) return false;
    if (seenAllowed.has(host)) return true;
    if (!isAllowed(host)) return false;
    if (seenAllowed.size < ALLOWED_HOSTS_KEPT) seenAllowed.add(host);
    return true;
  };
}

/**
 * Why a request comes from another site, or null when it may use the proxy. Sec-Fetch-Site is
 * trusted when present (every current browser sends it); otherwise Origin must name this host.
 * @example crossSiteReason({ headers: { 'sec-fetch-site': 'cross-site' } }) // 'Sec-Fetch-Site: cross-site'
 */
export function crossSiteReason(
  req: Pick<IncomingMessage, 'headers'>,
  trustProxy = false,
): string | null {
  const site = req.headers['sec-fetch-site'];
  // same-site is refused too: another port or subdomain of the same site is another origin.
  if (site !== undefined) {
    return site === 'same-origin' || site === 'none' ? null : `Sec-Fetch-Site: ${site}`;
  }
  const origin = req.headers.origin;
  if (origin === undefined) return null;
  return foreignOrigin(req, origin, trustProxy);
}

/**
 * Why a request's Origin is not this console's own origin, or null when it is. For a WebSocket
 * upgrade (the bulk relay), which a browser always sends with Origin: a missing Origin is refused.
 * @example crossOriginReason({ headers: { host: 'a:1', origin: 'http://a:1' } }) // null
 */
export function crossOriginReason(
  req: Pick<IncomingMessage, 'headers'>,
  trustProxy = false,
): string | null {
  const origin = req.headers.origin;
  if (origin === undefined) return 'no Origin header';
  return foreignOrigin(req, origin, trustProxy);
}

/** The first value of a forwarded header (a proxy chain lists the client's side first). */
function firstValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() ?? '';
}

/**
 * The host name the browser used: X-Forwarded-Host when a trusted reverse proxy set it, else Host.
 * @example publicHost({ headers: { host: '127.0.0.1:8080', 'x-forwarded-host': 'c.example' } }, true) // 'c.example'
 */
export function publicHost(req: Pick<IncomingMessage, 'headers'>, trustProxy: boolean): string {
  const forwarded = trustProxy ? firstValue(req.headers['x-forwarded-host']) : '';
  return (forwarded || (req.headers.host ?? '')).toLowerCase();
}

/**
 * The caller's address: behind a trusted reverse proxy, the last X-Forwarded-For entry (the one
 * the proxy itself added; entries before it are whatever the client sent); otherwise the peer.
 * @example clientAddress({ headers: { 'x-forwarded-for': 'spoof, 203.0.113.9' }, socket: { remoteAddress: '127.0.0.1' } }, true) // '203.0.113.9'
 */
export function clientAddress(
  req: Pick<IncomingMessage, 'headers'> & { socket: { remoteAddress?: string | undefined } },
  trustProxy: boolean,
): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!trustProxy) return peer;
  const header = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  return chain.at(-1)?.trim() || peer;
}

function foreignOrigin(
  req: Pick<IncomingMessage, 'headers'>,
  origin: string,
  trustProxy: boolean,
): string | null {
  if (origin === 'null') return 'Origin: null';
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return `Origin: ${origin}`;
  }
  // Behind a reverse proxy that rewrites Host, the browser's origin is the public host it forwards.
  const host = (req.headers.host ?? '').toLowerCase();
  return originHost === host || originHost === publicHost(req, trustProxy)
    ? null
    : `Origin: ${origin}`;
}
