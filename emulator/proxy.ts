// Forwards one /Inode.asmx request to a remote target, unchanged apart from Host and hop-by-hop
// headers, and streams the answer back. Unreachable, reset or timed-out targets become a 502
// the console can recognise (X-Inode-Console-Error: target-unreachable).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { RemoteTarget } from './targets.ts';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'x-inode-target',
]);

export const DEFAULT_PROXY_TIMEOUT_MS = 60_000;

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

/**
 * Proxies the request to the target (path and query kept, appended to the target's base path).
 * @example proxyToTarget(req, res, { id: 'staging', label: 'staging', kind: 'remote', url: 'http://10.0.0.5:8080' })
 */
export function proxyToTarget(
  req: IncomingMessage,
  res: ServerResponse,
  target: RemoteTarget,
  timeoutMs = DEFAULT_PROXY_TIMEOUT_MS,
): void {
  const base = new URL(target.url);
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  headers.host = base.host;
  const transport = base.protocol === 'https:' ? https : http;
  const upstream = transport.request({
    protocol: base.protocol,
    hostname: base.hostname,
    port: base.port || undefined,
    method: req.method,
    path: `${base.pathname.replace(/\/$/, '')}${req.url ?? '/'}`,
    headers,
    timeout: timeoutMs,
  });
  upstream.on('timeout', () => upstream.destroy(new Error(`no answer within ${timeoutMs} ms`)));
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    unreachable(res, target, error.code ? `${error.code} ${error.message}` : error.message);
  });
  upstream.on('response', (answer) => {
    const responseHeaders: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) responseHeaders[name] = value;
    }
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders);
    answer.pipe(res);
    answer.on('error', () => res.destroy());
  });
  req.on('aborted', () => upstream.destroy());
  req.pipe(upstream);
}
