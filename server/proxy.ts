// Forwards one /Inode.asmx request to a remote target and streams the answer back. The request
// is read whole first (bounded by INODE_MAX_BODY_BYTES and the call deadline) and sent with its
// own Content-Length, so a slow sender holds no upstream connection and every request on a pooled
// connection is framed one way only (framing.ts); only allowlisted headers cross
// (forwarded-headers.ts). Unreachable, reset or timed-out targets become a 502 the console can
// recognise (X-Inode-Console-Error: target-unreachable); a full pool, after a bounded wait, 503.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { downstreamHeaders, upstreamHeaders } from './forwarded-headers.ts';
import { CONSOLE_ERROR_HEADER } from '../src/console-api/index.ts';
import { framingProblem, mayCarryBody } from './framing.ts';
import { plainAnswer } from './middleware.ts';
import { securityHeaders } from './security-headers.ts';
import type { RemoteTarget } from './targets.ts';

/** Answer headers that are the console's own: a target's header of the same name is dropped. */
const CONSOLE_HEADER_NAMES: ReadonlySet<string> = new Set([
  ...securityHeaders().map(([name]) => name.toLowerCase()),
  CONSOLE_ERROR_HEADER.toLowerCase(),
]);

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
  const question = url.indexOf('?');
  const path = question < 0 ? url : url.slice(0, question);
  if (path === servicePath) return true;
  if (!path.startsWith(`${servicePath}/`)) return false;
  return path
    .slice(servicePath.length + 1)
    .split('/')
    .every((segment) => SAFE_SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

export const DEFAULT_PROXY_TIMEOUT_MS = 60_000;
export const DEFAULT_CALL_DEADLINE_MS = 120_000;
export const DEFAULT_QUEUE_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface ProxyOptions {
  /** No answer (or no further bytes) from the target within this time: 502. */
  readonly timeoutMs?: number;
  /** The whole call (body received, wait for a connection, answer sent) within this time. */
  readonly deadlineMs?: number;
  /** Longest wait for a free connection to the target when its pool is full: then 503. */
  readonly queueTimeoutMs?: number;
  /** Larger request bodies are refused with 413 (declared) or cut off (streamed). */
  readonly maxBodyBytes?: number;
  /** A keep-alive agent for the target: reusing connections is most of the proxy's speed. */
  readonly agent?: http.Agent;
  /** Forward Authorization and Cookie (INODE_PASS_CREDENTIALS names the target). */
  readonly passCredentials?: boolean;
}

/** What node:http accepts in a reason phrase it writes (its checkInvalidHeaderChar). */
const WRITABLE_REASON = /^[\t\x20-\x7e\x80-\xff]*$/;

/** A refusal after which the connection closes: what is left of the request is not read. */
function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  plainAnswer(res, status, code, message);
}

function unreachable(res: ServerResponse, target: RemoteTarget, cause: string): void {
  plainAnswer(
    res,
    502,
    'target-unreachable',
    `Inode target "${target.id}" at ${target.url} could not be reached: ${cause}\n`,
  );
}

function tooLarge(res: ServerResponse, maxBodyBytes: number): void {
  refuse(
    res,
    413,
    'body-too-large',
    `The request body is larger than the console server accepts (${maxBodyBytes} bytes; INODE_MAX_BODY_BYTES)\n`,
  );
}

/** Reads the request body whole, or calls `over` once it passes the limit (null then). */
function readBody(
  req: IncomingMessage,
  maxBodyBytes: number,
  done: (body: Buffer | null) => void,
): void {
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBodyBytes) {
      req.off('data', onData);
      req.off('end', onEnd);
      done(null);
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
  req.on('data', onData);
  req.on('end', onEnd);
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
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const framing = framingProblem(req.method, req.headers);
  if (framing) {
    refuse(res, 400, framing.code, framing.message);
    return;
  }
  if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) {
    tooLarge(res, maxBodyBytes);
    return;
  }
  const deadlineMs = options.deadlineMs ?? DEFAULT_CALL_DEADLINE_MS;
  let upstream: http.ClientRequest | null = null;
  const deadline = setTimeout(() => {
    if (upstream) {
      const cause = `no complete answer within the call deadline of ${deadlineMs} ms`;
      // Answered here too: a call still queued for a connection hears of its end only later.
      if (!res.headersSent) unreachable(res, target, cause);
      upstream.destroy(new Error(cause));
      return;
    }
    refuse(
      res,
      408,
      'request-timeout',
      `The request body did not arrive within the call deadline (${deadlineMs} ms; INODE_CALL_DEADLINE_MS)\n`,
    );
  }, deadlineMs);
  // The caller went away (mid-upload or mid-download): free the target's connection now rather
  // than leave it stalled on back-pressure until the timeout.
  res.on('close', () => {
    clearTimeout(deadline);
    if (!res.writableFinished) upstream?.destroy();
  });
  readBody(req, maxBodyBytes, (body) => {
    if (res.headersSent || res.destroyed) return;
    if (body === null) tooLarge(res, maxBodyBytes);
    else upstream = forward(req, res, target, options, body);
  });
}

/**
 * Whether a request just made through `agent` waits in its queue for a connection (the pool is
 * full). The agent queues a request synchronously, at the end of its `requests` list; one that
 * got a connection is in no list.
 */
function waitsForSocket(agent: http.Agent, request: http.ClientRequest): boolean {
  const queues = agent.requests as NodeJS.ReadOnlyDict<unknown[]>;
  for (const name in queues) {
    const queue = queues[name];
    if (queue !== undefined && queue[queue.length - 1] === request) return true;
  }
  return false;
}

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  target: RemoteTarget,
  options: ProxyOptions,
  body: Buffer,
): http.ClientRequest | null {
  if (body.length > 0 && !mayCarryBody(req.method)) {
    refuse(
      res,
      400,
      'body-not-allowed',
      `A ${req.method} request to the service carries no body\n`,
    );
    return null;
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS;
  const queueTimeoutMs = options.queueTimeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS;
  const route = routeTo(target);
  const headers = upstreamHeaders(req.headers, options.passCredentials ?? false);
  headers.host = route.host;
  if (body.length > 0 || (req.method !== 'GET' && req.method !== 'HEAD'))
    headers['content-length'] = body.length;
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
  let busy = false;
  // A call that got a connection at once (the usual case) needs no queue timer. node:http
  // reports a queued request's destruction only once a connection frees up, so the 503 is
  // answered here, not from the 'error' event.
  const queued = waitsForSocket(options.agent ?? route.transport.globalAgent, upstream)
    ? setTimeout(() => {
        busy = true;
        upstream.destroy();
        if (!res.headersSent)
          res.setHeader('Retry-After', Math.max(1, Math.ceil(queueTimeoutMs / 1000)));
        plainAnswer(
          res,
          503,
          'upstream-busy',
          `Every connection to Inode target "${target.id}" stayed busy for ${queueTimeoutMs} ms (INODE_QUEUE_TIMEOUT_MS); try again shortly\n`,
        );
      }, queueTimeoutMs)
    : undefined;
  if (queued) upstream.once('socket', () => clearTimeout(queued));
  upstream.on('timeout', () => upstream.destroy(new Error(`no answer within ${timeoutMs} ms`)));
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    clearTimeout(queued);
    if (busy || res.writableEnded) return;
    unreachable(res, target, error.code ? `${error.code} ${error.message}` : error.message);
  });
  upstream.on('response', (answer) => {
    const status = answer.statusCode ?? 502;
    const kept = downstreamHeaders(answer.headers, CONSOLE_HEADER_NAMES);
    // node:http reads reason phrases that it then refuses to write (control characters) and
    // would throw out of this event, killing the server: such a phrase becomes the standard one.
    const reason = answer.statusMessage ?? '';
    if (WRITABLE_REASON.test(reason)) res.writeHead(status, reason, kept);
    else res.writeHead(status, kept);
    answer.pipe(res);
    answer.on('error', () => res.destroy());
  });
  upstream.end(body);
  return upstream;
}
