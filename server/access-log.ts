// One JSON line per request. Only the path is logged, never the query string: an HTTP GET call
// carries the OpenIDKey there. Bodies and headers are never logged at all.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from './middleware.ts';

const TARGET_ID = Symbol('inode-target-id');

type Tagged = ServerResponse & { [TARGET_ID]?: string };

/** Records which target answered, for the access log. */
export function noteTarget(res: ServerResponse, targetId: string): void {
  (res as Tagged)[TARGET_ID] = targetId;
}

export interface AccessLogEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  target: string | null;
  bytes: number;
}

/** The request path without its query string (the only part of the URL that is logged). */
export function loggedPath(url: string | undefined): string {
  const raw = url ?? '/';
  const question = raw.indexOf('?');
  return question < 0 ? raw : raw.slice(0, question);
}

/**
 * Writes one line per finished (or aborted) request to `write`.
 * @example accessLog((line) => process.stdout.write(line))
 */
export function accessLog(write: (line: string) => void): Middleware {
  return (req: IncomingMessage, res: ServerResponse, next) => {
    const started = performance.now();
    const socket = req.socket;
    const bytesBefore = socket.bytesWritten;
    const path = loggedPath(req.url);
    let logged = false;
    const log = (): void => {
      if (logged) return;
      logged = true;
      const entry: AccessLogEntry = {
        time: new Date().toISOString(),
        method: req.method ?? '',
        path,
        status: res.headersSent ? res.statusCode : 0,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        target: (res as Tagged)[TARGET_ID] ?? null,
        bytes: socket.bytesWritten - bytesBefore,
      };
      write(`${JSON.stringify(entry)}\n`);
    };
    res.once('finish', log);
    res.once('close', log);
    next();
  };
}
