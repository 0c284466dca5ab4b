// Which headers cross the proxy. Upstream: an allowlist of what a SOAP 1.1/1.2 or HTTP GET/POST
// binding call needs, so nothing the browser adds on its own (cookies, credentials, client
// hints, tracing ids) reaches the internal service; Authorization and Cookie only for a target
// configured to receive them (INODE_PASS_CREDENTIALS). Back: everything end-to-end except
// Set-Cookie (the console's origin is not the service's) and the console's own headers, which
// the console sets itself and an answer must not replace.
import type { IncomingHttpHeaders } from 'node:http';

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
): Record<string, string | string[]> {
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

/** Header names a Connection header lists (besides the usual keep-alive / close), lower case. */
function namedByConnection(connection: string, into: Set<string>): void {
  if (connection === 'keep-alive' || connection === 'close') return;
  for (const token of connection.split(',')) {
    const name = token.trim().toLowerCase();
    if (name !== '' && name !== 'keep-alive' && name !== 'close') into.add(name);
  }
}

/**
 * Appends the answer headers handed back to `into`, as name, value, name, value... (the flat
 * form `writeHead` takes): the target's raw headers (as undici reads them) that are end-to-end,
 * minus Set-Cookie and any name in `ownNames` (lower case: the console's security headers and
 * X-Inode-Console-Error). Names keep the target's spelling; undici has refused an answer whose
 * length is stated twice.
 * @example downstreamHeaders([Buffer.from('Set-Cookie'), Buffer.from('a=1'), Buffer.from('Content-Type'), Buffer.from('text/xml')], new Set(), []) // ['Content-Type', 'text/xml']
 */
export function downstreamHeaders(
  raw: readonly Buffer[],
  ownNames: ReadonlySet<string>,
  into: string[],
): string[] {
  let named: Set<string> | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === 10 && raw[i]!.toString('latin1').toLowerCase() === 'connection')
      namedByConnection(raw[i + 1]!.toString('latin1'), (named ??= new Set()));
  }
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toString('latin1');
    const lower = name.toLowerCase();
    if (lower === 'set-cookie' || HOP_BY_HOP.has(lower) || ownNames.has(lower) || named?.has(lower))
      continue;
    into.push(name, raw[i + 1]!.toString('latin1'));
  }
  return into;
}
