// Forwards one /Inode.asmx request to a remote target and streams the answer back. The request
// is read whole first (bounded by INODE_MAX_BODY_BYTES and the call deadline) and sent with its
// own Content-Length, so a slow sender holds no upstream connection and every request on a pooled
// connection is framed one way only (framing.ts); only allowlisted headers cross
// (forwarded-headers.ts). Unreachable, reset or timed-out targets become a 502 the console can
// recognise (X-Inode-Console-Error: target-unreachable); a full pool, after a bounded wait, 503.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher, Pool } from 'undici';
import { downstreamHeaders, upstreamHeaders } from './forwarded-headers.ts';
import { CONSOLE_ERROR_HEADER } from '../src/console-api/index.ts';
import { framingProblem, mayCarryBody } from './framing.ts';
import { plainAnswer } from './middleware.ts';
import { ANSWER_HEADER_LIST, securityHeaders } from './security-headers.ts';
import { createTargetPool } from './target-pool.ts';
import { targetPathPrefix, type RemoteTarget } from './targets.ts';

/** Answer headers that are the console's own: a target's header of the same name is dropped. */
const CONSOLE_HEADER_NAMES: ReadonlySet<string> = new Set([
  ...securityHeaders().map(([name]) => name.toLowerCase()),
  CONSOLE_ERROR_HEADER.toLowerCase(),
]);

/** A target's URL, parsed once rather than on every call (the proxy's hot path). */
interface Route {
  readonly host: string;
  readonly pathPrefix: string;
  /** The pool calls take when the options name none (tests, a one-off proxy), made on first use. */
  defaultPool: Pool | null;
}

const routes = new WeakMap<RemoteTarget, Route>();

function routeTo(target: RemoteTarget): Route {
  let route = routes.get(target);
  if (!route) {
    route = {
      host: new URL(target.url).host,
      pathPrefix: targetPathPrefix(target.url),
      defaultPool: null,
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
  /** The target's keep-alive pool (target-pool.ts): reusing connections is most of the proxy's speed. */
  readonly pool?: Pool;
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
  let upstream: UpstreamCall | null = null;
  const deadline = setTimeout(() => {
    if (upstream) {
      const cause = `no complete answer within the call deadline of ${deadlineMs} ms`;
      // Answered here too: a call still queued for a connection hears of its end only later.
      if (!res.headersSent) unreachable(res, target, cause);
      else res.destroy();
      upstream.abandon(new Error(cause));
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
    if (!res.writableFinished) upstream?.abandon(new Error('the caller went away'));
  });
  readBody(req, maxBodyBytes, (body) => {
    if (res.headersSent || res.destroyed) return;
    if (body === null) tooLarge(res, maxBodyBytes);
    else upstream = forward(req, res, target, options, body);
  });
}

/** Why the target's answer did not come, in words for the 502. */
function failureCause(error: NodeJS.ErrnoException, timeoutMs: number): string {
  switch (error.code) {
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return `no answer within ${timeoutMs} ms`;
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return `its answer's Content-Length does not match its body, or is stated twice (${error.message})`;
    case 'UND_ERR_SOCKET':
      return `the target closed the connection before its answer was complete (${error.message})`;
    default:
      return error.code ? `${error.code} ${error.message}` : error.message;
  }
}

/**
 * One call forwarded to a target: undici's dispatch handler, which writes the answer's head and
 * streams its body to `res`. undici's callback form (onConnect, onHeaders...) is its native one:
 * the newer form wraps it, and parses every answer's headers into an object the proxy would only
 * flatten again.
 */
class UpstreamCall implements Dispatcher.DispatchHandler {
  /** undici's abort for this call, from the moment it has a connection. */
  private abortUpstream: ((reason?: Error) => void) | null = null;
  private abandonedWith: Error | null = null;
  private resumeAnswer: (() => void) | null = null;
  /** The call has a connection (its request is being written). */
  connected = false;
  /** undici reported the call's end in error. */
  failed = false;
  /** The queue timer's 503 is the call's answer. */
  answeredBusy = false;
  queueTimer: NodeJS.Timeout | undefined = undefined;

  constructor(
    private readonly res: ServerResponse,
    private readonly target: RemoteTarget,
    private readonly timeoutMs: number,
  ) {}

  /** Ends the call upstream: now if it has a connection, else as soon as it gets one. */
  abandon(reason: Error): void {
    if (this.abandonedWith) return;
    this.abandonedWith = reason;
    this.abortUpstream?.(reason);
  }

  onConnect(abort: (reason?: Error) => void): void {
    this.connected = true;
    clearTimeout(this.queueTimer);
    if (this.abandonedWith) abort(this.abandonedWith);
    else this.abortUpstream = abort;
  }

  onHeaders(status: number, raw: Buffer[], resume: () => void, statusText: string): boolean {
    if (status < 200) return true;
    this.resumeAnswer = resume;
    const res = this.res;
    const headers = downstreamHeaders(raw, CONSOLE_HEADER_NAMES, [...ANSWER_HEADER_LIST]);
    try {
      // node:http reads reason phrases that it then refuses to write (control characters): such
      // a phrase becomes the standard one.
      if (WRITABLE_REASON.test(statusText)) res.writeHead(status, statusText, headers);
      else res.writeHead(status, headers);
    } catch (error) {
      // A header node:http will not write (undici's parser reads some it refuses).
      unreachable(
        res,
        this.target,
        `its answer has a header the console cannot pass on (${(error as Error).message})`,
      );
      this.abandon(new Error('answer header refused'));
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.res.write(chunk)) return true;
    this.res.once('drain', this.resumeAnswer!);
    return false;
  }

  onComplete(): void {
    this.res.end();
  }

  onError(error: NodeJS.ErrnoException): void {
    this.failed = true;
    clearTimeout(this.queueTimer);
    const res = this.res;
    if (this.answeredBusy || res.writableEnded) return;
    if (res.headersSent) res.destroy();
    else unreachable(res, this.target, failureCause(error, this.timeoutMs));
  }
}

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  target: RemoteTarget,
  options: ProxyOptions,
  body: Buffer,
): UpstreamCall | null {
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
  const call = new UpstreamCall(res, target, timeoutMs);
  const free = (options.pool ?? (route.defaultPool ??= createTargetPool(target))).dispatch(
    {
      method: req.method as Dispatcher.HttpMethod,
      path: `${route.pathPrefix}${req.url ?? '/'}`,
      headers,
      body: body.length > 0 || (req.method !== 'GET' && req.method !== 'HEAD') ? body : null,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    },
    call,
  );
  // The pool is full and the call waits in its queue: bounded by the queue timeout. A call that
  // got a connection at once (the usual case) needs no timer. The 503 is answered here: undici
  // ends a queued call only once a connection frees up.
  if (!free && !call.connected && !call.failed) {
    call.queueTimer = setTimeout(() => {
      call.answeredBusy = true;
      call.abandon(new Error('queue timeout'));
      if (!res.headersSent)
        res.setHeader('Retry-After', Math.max(1, Math.ceil(queueTimeoutMs / 1000)));
      plainAnswer(
        res,
        503,
        'upstream-busy',
        `Every connection to Inode target "${target.id}" stayed busy for ${queueTimeoutMs} ms (INODE_QUEUE_TIMEOUT_MS); try again shortly\n`,
      );
    }, queueTimeoutMs);
  }
  return call;
}
