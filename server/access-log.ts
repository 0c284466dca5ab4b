// One JSON line per request. Only the path is logged, never the query string: an HTTP GET call
// carries the OpenIDKey there. Bodies and headers are never logged at all. The line is built
// once the answer is closed, by one shared listener: per request the log keeps one small record
// and formats nothing until then.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const TARGET_ID = Symbol('inode-target-id');
const STARTED = Symbol('inode-access-log');

/** What the log keeps of a request until its answer closes. */
interface Started {
  readonly write: (line: string) => void;
  readonly method: string;
  readonly path: string;
  readonly socket: Socket;
  readonly bytesBefore: number;
  readonly at: number;
}

type Tagged = ServerResponse & { [TARGET_ID]?: string; [STARTED]?: Started | undefined };

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

let isoSecond = Number.NaN;
let isoPrefix = '';

/**
 * `new Date(ms).toISOString()`, with the part up to the seconds formatted once per second.
 * @example isoTime(Date.UTC(2026, 0, 2, 3, 4, 5, 67)) // '2026-01-02T03:04:05.067Z'
 */
export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const millis = ms - second * 1000;
  return `${isoPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/** Printable ASCII without `"` and `\`: a JSON string as it stands. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function jsonString(value: string): string {
  return PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);
}

/**
 * One access log line: `JSON.stringify(entry)` and a newline, the fields in their declared order.
 * @example accessLogLine({ time: 't', method: 'GET', path: '/', status: 200, durationMs: 1.5, target: null, bytes: 10 })
 */
export function accessLogLine(entry: AccessLogEntry): string {
  const target = entry.target === null ? 'null' : jsonString(entry.target);
  return `{"time":${jsonString(entry.time)},"method":${jsonString(entry.method)},"path":${jsonString(entry.path)},"status":${entry.status},"durationMs":${entry.durationMs},"target":${target},"bytes":${entry.bytes}}\n`;
}

/** The answer is done (finished, or its connection closed first): its line, once. */
function logAnswer(this: Tagged): void {
  const started = this[STARTED];
  if (started === undefined) return;
  this[STARTED] = undefined;
  started.write(
    accessLogLine({
      time: isoTime(Date.now()),
      method: started.method,
      path: started.path,
      status: this.headersSent ? this.statusCode : 0,
      durationMs: Math.round((performance.now() - started.at) * 10) / 10,
      target: this[TARGET_ID] ?? null,
      bytes: started.socket.bytesWritten - started.bytesBefore,
    }),
  );
}

/**
 * Writes the request's line to `write` once its answer is finished (or aborted).
 * @example logWhenDone(req, res, (line) => process.stdout.write(line))
 */
export function logWhenDone(
  req: IncomingMessage,
  res: ServerResponse,
  write: (line: string) => void,
): void {
  const socket = req.socket;
  (res as Tagged)[STARTED] = {
    write,
    method: req.method ?? '',
    path: loggedPath(req.url),
    socket,
    bytesBefore: socket.bytesWritten,
    at: performance.now(),
  };
  // 'close' follows every answer, finished or cut off; a plain listener, as it comes once.
  res.on('close', logAnswer);
}
