// Forwards one /Inode.asmx request to a remote target, unchanged apart from Host and hop-by-hop
// headers, and streams the answer back. Unreachable, reset or timed-out targets become a 502
// the console can recognise (X-Inode-Console-Error: target-unreachable).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { RemoteTarget } from './targets.ts';

// RFC 9110 §7.6.1 hop-by-hop fields (plus the proxy credentials, meant for a proxy that this
// server is not), Host (rewritten) and the console's own target header.
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
  'host',
  'x-inode-target',
]);

const NOTHING_NAMED: ReadonlySet<string> = new Set();

/** Header names a Connection header lists (besides the usual keep-alive / close). */
function namedByConnection(connection: string | undefined): ReadonlySet<string> {
  if (connection === undefined || /^\s*(keep-alive|close)\s*$/i.test(connection))
    return NOTHING_NAMED;
  return new Set(
    connection
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The end-to-end headers: without hop-by-hop ones, including those the Connection header names. */
function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = namedByConnection(headers.connection);
  const kept: http.OutgoingHttpHeaders = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  }
  return kept;
}

/** A target's URL, parsed once rather than on every call (the proxy's hot path). */
interface Route {
  readonly transport: typeof http | typeof https;
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string | undefined;
  readonly host: string;
  readonly pathPrefix: string;
}

const routes = new WeakMap<RemoteTarget, Route>();

function routeTo(target: RemoteTarget): Route {
  let route = routes.get(target);
  if (!route) {
    const base = new URL(target.url);
    route = {
      transport: base.protocol === 'https:' ? https : http,
      protocol: base.protocol,
      hostname: base.hostname,
      port: base.port || undefined,
      host: base.host,
      pathPrefix: base.pathname.replace(/\/$/, ''),
    };
    routes.set(target, route);
  }
  return route;
}

// Path segments after /Inode.asmx: operation names and nothing else. No percent escapes,
// backslashes, semicolons or dot segments, so no server behind can resolve the path outside
// /Inode.asmx however it decodes or normalizes it.
const SAFE_SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9_.~-]*$|^$/;

/**
 * Whether a request target's path is /Inode.asmx or below it without any way to climb out.
 * @example isSafeServiceTarget('/Inode.asmx/GetAssetStubs?OpenIDKey=k') // true
 * @example isSafeServiceTarget('/Inode.asmx/%2e%2e/admin') // false
 */
export function isSafeServiceTarget(url: string, servicePath: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (path === servicePath) return true;
  if (!path.startsWith(`${servicePath}/`)) return false;
  return path
    .slice(servicePath.length + 1)
    .split('/')
    .every((segment) => SAFE_SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

export const DEFAULT_PROXY_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface ProxyOptions {
  /** No answer (or no further bytes) from the target within this time: 502. */
  readonly timeoutMs?: number;
  /** Larger request bodies are refused with 413 (declared) or cut off (streamed). */
  readonly maxBodyBytes?: number;
  /** A keep-alive agent for the target: reusing connections is most of the proxy's speed. */
  readonly agent?: http.Agent;
}

/** One keep-alive agent per target, so calls reuse their TCP (and TLS) connections. */
export function createTargetAgent(target: RemoteTarget): http.Agent {
  const options = {
    keepAlive: true,
    maxSockets: 256,
    maxFreeSockets: 64,
    scheduling: 'lifo' as const,
  };
  return target.url.startsWith('https:') ? new https.Agent(options) : new http.Agent(options);
}

/** What node:http accepts in a reason phrase it writes (its checkInvalidHeaderChar). */
const WRITABLE_REASON = /^[\t\x20-\x7e\x80-\xff]*$/;

function unreachable(res: ServerResponse, target: RemoteTarget, cause: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = `Inode target "${target.id}" at ${target.url} could not be reached: ${cause}\n`;
  res.writeHead(502, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Inode-Console-Error': 'target-unreachable',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function tooLarge(res: ServerResponse, maxBodyBytes: number): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = `The request body is larger than the console server accepts (${maxBodyBytes} bytes; INODE_MAX_BODY_BYTES)\n`;
  res.writeHead(413, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Inode-Console-Error': 'body-too-large',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.end(body);
}

/**
 * Proxies the request to the target (path and query kept, appended to the target's base path).
 * @example proxyToTarget(req, res, { id: 'staging', label: 'staging', kind: 'remote', url: 'http://10.0.0.5:8080' })
 */
export function proxyToTarget(
  req: IncomingMessage,
  res: ServerResponse,
  target: RemoteTarget,
  options: ProxyOptions = {},
): void {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) {
    tooLarge(res, maxBodyBytes);
    return;
  }
  const route = routeTo(target);
  const headers = endToEnd(req.headers);
  headers.host = route.host;
  const upstream = route.transport.request({
    protocol: route.protocol,
    hostname: route.hostname,
    port: route.port,
    method: req.method,
    path: `${route.pathPrefix}${req.url ?? '/'}`,
    headers,
    timeout: timeoutMs,
    agent: options.agent,
  });
  upstream.on('timeout', () => upstream.destroy(new Error(`no answer within ${timeoutMs} ms`)));
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (res.headersSent && res.statusCode === 413) return;
    unreachable(res, target, error.code ? `${error.code} ${error.message}` : error.message);
  });
  upstream.on('response', (answer) => {
    const status = answer.statusCode ?? 502;
    const headers = endToEnd(answer.headers);
    // node:http reads reason phrases that it then refuses to write (control characters) and
    // would throw out of this event, killing the server: such a phrase becomes the standard one.
    const reason = answer.statusMessage ?? '';
    if (WRITABLE_REASON.test(reason)) res.writeHead(status, reason, headers);
    else res.writeHead(status, headers);
    answer.pipe(res);
    answer.on('error', () => res.destroy());
  });
  // The caller went away (mid-upload or mid-download): free the target's connection now rather
  // than leave it stalled on back-pressure until the timeout.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  if (
    req.headers['content-length'] === undefined &&
    req.headers['transfer-encoding'] !== undefined
  ) {
    // A streamed body declares no size: count it, and stop at the limit.
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBodyBytes) {
        req.unpipe(upstream);
        upstream.destroy();
        tooLarge(res, maxBodyBytes);
      }
    });
  }
  req.pipe(upstream);
}
