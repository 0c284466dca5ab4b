// Which headers cross the proxy. Upstream: an allowlist of what a SOAP 1.1/1.2 or HTTP GET/POST
// binding call needs, so nothing the browser adds on its own (cookies, credentials, client
// hints, tracing ids) reaches the internal service; Authorization and Cookie only for a target
// configured to receive them (INODE_PASS_CREDENTIALS). Back: everything end-to-end except
// Set-Cookie (the console's origin is not the service's) and the console's own headers, which
// the console sets itself and an answer must not replace.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

const REQUEST_ALLOWLIST = [
  'accept',
  'accept-charset',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'content-type',
  'if-modified-since',
  'if-none-match',
  'pragma',
  'soapaction',
  'user-agent',
] as const;

const CREDENTIALS = ['authorization', 'cookie'] as const;

/**
 * The request headers forwarded to a target (Host and Content-Length are the proxy's to set).
 * @example upstreamHeaders({ soapaction: '"x"', cookie: 'a=1' }, false) // { soapaction: '"x"' }
 */
export function upstreamHeaders(
  headers: IncomingHttpHeaders,
  passCredentials: boolean,
): OutgoingHttpHeaders {
  const kept: Record<string, string | string[]> = {};
  for (const name of REQUEST_ALLOWLIST) {
    const value: string | string[] | undefined = headers[name];
    if (value !== undefined) kept[name] = value;
  }
  if (passCredentials) {
    for (const name of CREDENTIALS) {
      const value: string | undefined = headers[name];
      if (value !== undefined) kept[name] = value;
    }
  }
  return kept;
}

// RFC 9110 §7.6.1 hop-by-hop fields, plus the proxy credentials (meant for a proxy this server is
// not) and the answer's own framing, which node:http writes for the console's side.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/** Header names a Connection header lists (besides the usual keep-alive / close). */
function namedByConnection(connection: string | undefined): ReadonlySet<string> | null {
  if (
    connection === undefined ||
    connection === 'keep-alive' ||
    connection === 'close' ||
    /^\s*(keep-alive|close)\s*$/i.test(connection)
  )
    return null;
  return new Set(
    connection
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * The answer headers handed back: end-to-end ones, minus Set-Cookie and any name in `ownNames`
 * (lower case: the console's security headers and X-Inode-Console-Error).
 * @example downstreamHeaders({ 'set-cookie': ['a=1'], 'content-type': 'text/xml' }, new Set()) // { 'content-type': 'text/xml' }
 */
export function downstreamHeaders(
  headers: IncomingHttpHeaders,
  ownNames: ReadonlySet<string>,
): OutgoingHttpHeaders {
  const named = namedByConnection(headers.connection);
  const kept: OutgoingHttpHeaders = {};
  for (const name in headers) {
    const value = headers[name];
    if (
      value === undefined ||
      name === 'set-cookie' ||
      HOP_BY_HOP.has(name) ||
      ownNames.has(name) ||
      named?.has(name)
    )
      continue;
    kept[name] = value;
  }
  return kept;
}
