// The bulk job's WebSocket relay (docs/bulk.md, Design): one WebSocket per page, each message an
// HTTP request for /Inode.asmx that runs through the console's own middleware stack exactly as
// the HTTP request would (relayed-exchange.ts), and the answer sent back as a message. A browser
// pays far less for a WebSocket message than for an HTTP request. The same guards as the HTTP
// route: Host check, and the upgrade must come from this console's own origin (issue 8).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  RELAY_MAX_CALLS_IN_FLIGHT,
  RELAY_PATH,
  decodeFrame,
  encodeFrame,
  isCancelHead,
  isRequestHead,
  type RelayFailureHead,
  type RelayRequestHead,
  type RelayResponseHead,
} from '../src/lib/relay/relay-frame.ts';
import { stripBasePath } from './base-path.ts';
import { isServicePath } from './console-routes.ts';
import type { Middleware } from './middleware.ts';
import { crossOriginReason } from './request-guard.ts';
import { relayedExchange, type RelayedExchange } from './relayed-exchange.ts';

/** Head bytes allowed on top of the body limit (method, path, headers). */
const HEAD_ALLOWANCE_BYTES = 64 * 1024;

/** Request headers the relay sets itself from the upgrade (the page cannot choose them). */
const FROM_UPGRADE = ['host', 'origin', 'x-forwarded-host', 'x-forwarded-for', 'x-forwarded-proto'];
const DROPPED = new Set([
  ...FROM_UPGRADE,
  'content-length',
  'transfer-encoding',
  'connection',
  'upgrade',
  'cookie',
  // Provenance is the upgrade's (checked once): a message cannot claim its own.
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
]);

export interface RelayOptions {
  readonly basePath: string;
  readonly isAllowedHost: (host: string | undefined) => boolean;
  /** The console stack's middleware: every relayed call goes through it, as HTTP calls do. */
  readonly dispatch: Middleware;
  /** The proxy's request body limit; a larger message closes the socket (1009). */
  readonly maxBodyBytes: number;
}

export interface Relay {
  /** Takes an upgrade for the relay's path (true), or leaves it to others (false). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Refuses new calls, closes each socket once its calls in flight are answered. */
  drain(): Promise<void>;
  /** Closes every socket now; calls in flight are aborted. */
  terminate(): void;
}

function refuse(socket: Duplex, status: number, code: string, message: string): void {
  const reason = status === 403 ? 'Forbidden' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\nX-Inode-Console-Error: ${code}\r\nContent-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
  );
  socket.destroy();
}

function toBytes(data: RawData): Uint8Array {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return new Uint8Array(data);
}

/** @example const relay = createRelay({ basePath: '/', isAllowedHost, dispatch, maxBodyBytes }); */
export function createRelay(options: RelayOptions): Relay {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxBodyBytes + HEAD_ALLOWANCE_BYTES,
    perMessageDeflate: false,
  });
  const sockets = new Map<WebSocket, Map<number, RelayedExchange>>();
  let draining = false;
  let drained: (() => void) | null = null;

  const closeIfDrained = (ws: WebSocket, calls: Map<number, RelayedExchange>): void => {
    if (draining && calls.size === 0) ws.close(1001, 'The console server is shutting down');
  };

  const fail = (ws: WebSocket, head: RelayFailureHead): void => {
    if (ws.readyState === ws.OPEN) ws.send(encodeFrame(head));
  };

  const startCall = (
    ws: WebSocket,
    upgrade: IncomingMessage,
    calls: Map<number, RelayedExchange>,
    head: RelayRequestHead,
    body: Uint8Array,
  ): void => {
    if (draining) {
      fail(ws, { id: head.id, error: 'The console server is shutting down', notSent: true });
      return;
    }
    if (calls.has(head.id)) {
      fail(ws, { id: head.id, error: 'This call id is already in flight', notSent: true });
      return;
    }
    if (calls.size >= RELAY_MAX_CALLS_IN_FLIGHT) {
      fail(ws, {
        id: head.id,
        error: `More than ${RELAY_MAX_CALLS_IN_FLIGHT} calls in flight on one relay connection`,
        notSent: true,
      });
      return;
    }
    const local = stripBasePath(head.url, options.basePath);
    const path = local?.split('?')[0] ?? '';
    if (local === null || !isServicePath(path)) {
      fail(ws, {
        id: head.id,
        error: `The relay only carries calls to the service, not ${path}`,
        notSent: true,
      });
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(head.headers)) {
      const lower = name.toLowerCase();
      if (!DROPPED.has(lower)) headers[lower] = value;
    }
    for (const name of FROM_UPGRADE) {
      const value = upgrade.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (head.method !== 'GET' && head.method !== 'HEAD')
      headers['content-length'] = String(body.byteLength);
    const exchange = relayedExchange({
      method: head.method,
      url: head.url,
      headers,
      body,
      remoteAddress: upgrade.socket.remoteAddress,
    });
    calls.set(head.id, exchange);
    const settle = (): void => {
      if (calls.get(head.id) !== exchange) return;
      calls.delete(head.id);
      closeIfDrained(ws, calls);
    };
    exchange.answer.then(
      (answer) => {
        if (calls.get(head.id) === exchange && ws.readyState === ws.OPEN) {
          const response: RelayResponseHead = {
            id: head.id,
            status: answer.status,
            statusText: answer.statusText,
            headers: answer.headers,
          };
          ws.send(encodeFrame(response, answer.body));
        }
        settle();
      },
      (error: Error) => {
        if (calls.get(head.id) === exchange)
          fail(ws, { id: head.id, error: error.message, notSent: false });
        settle();
      },
    );
    options.dispatch(exchange.req, exchange.res, (error) => {
      if (error !== undefined) {
        console.error(
          `Internal error on a relayed ${head.method}: ${error instanceof Error ? error.name : typeof error}`,
        );
      }
      exchange.abort();
    });
  };

  const attach = (ws: WebSocket, upgrade: IncomingMessage): void => {
    const calls = new Map<number, RelayedExchange>();
    sockets.set(ws, calls);
    ws.on('message', (data, isBinary) => {
      const frame = isBinary ? decodeFrame(toBytes(data)) : null;
      if (frame === null) {
        ws.close(1003, 'Not a relay message');
        return;
      }
      if (isCancelHead(frame.head)) {
        const exchange = calls.get(frame.head.cancel);
        calls.delete(frame.head.cancel);
        exchange?.abort();
        closeIfDrained(ws, calls);
      } else if (isRequestHead(frame.head)) {
        startCall(ws, upgrade, calls, frame.head, frame.body);
      } else {
        ws.close(1003, 'Not a relay message');
      }
    });
    ws.on('close', () => {
      // The page went away: its calls are abandoned, as a closed browser tab's would be.
      for (const exchange of calls.values()) exchange.abort();
      calls.clear();
      sockets.delete(ws);
      if (drained && sockets.size === 0) drained();
    });
    ws.on('error', () => ws.terminate());
  };

  return {
    upgrade(req, socket, head) {
      const local = stripBasePath(req.url ?? '/', options.basePath);
      if (local === null || local.split('?')[0] !== RELAY_PATH) return false;
      if (!options.isAllowedHost(req.headers.host)) {
        refuse(
          socket,
          403,
          'host-not-allowed',
          `Host "${req.headers.host ?? ''}" is not one this console server answers to.\n`,
        );
        return true;
      }
      const crossOrigin = crossOriginReason(req);
      if (crossOrigin !== null) {
        refuse(
          socket,
          403,
          'cross-site-request',
          `Refused: the relay only serves this console's own pages (${crossOrigin}).\n`,
        );
        return true;
      }
      if (draining) {
        refuse(socket, 403, 'shutting-down', 'The console server is shutting down.\n');
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => attach(ws, req));
      return true;
    },
    drain() {
      draining = true;
      if (sockets.size === 0) return Promise.resolve();
      const done = new Promise<void>((resolve) => {
        drained = resolve;
      });
      for (const [ws, calls] of sockets) closeIfDrained(ws, calls);
      return done;
    },
    terminate() {
      for (const ws of sockets.keys()) ws.terminate();
      wss.close();
    },
  };
}
