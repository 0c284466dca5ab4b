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
} from '../src/relay/relay-frame.ts';
import { CONSOLE_ERROR_HEADER } from '../src/console-api/index.ts';
import { stripBasePath } from './base-path.ts';
import { isServicePath } from './console-routes.ts';
import type { Middleware } from './middleware.ts';
import { clientAddress, crossOriginReason } from './request-guard.ts';
import { relayedExchange, type RelayedExchange } from './relayed-exchange.ts';
import {
  DEFAULT_RELAY_LIMITS,
  socketAdmission,
  socketFlow,
  type RelayLimits,
  type SocketFlow,
} from './relay-limits.ts';
import { RELAY_CLOSE } from '../src/relay/relay-close.ts';
import { framingRefusal } from './relay-framing.ts';
import { MAX_BATCH_BYTES, messageFrames } from '../src/relay/frame-batch.ts';
import { mayCarryBody } from './framing.ts';

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
  /** X-Forwarded-Host is believed in the Origin check (INODE_TRUST_PROXY). */
  readonly trustProxy?: boolean;
  /** Sockets, answer size, back-pressure and idle timeout (relay-limits.ts); defaults otherwise. */
  readonly limits?: Partial<RelayLimits>;
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
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n${CONSOLE_ERROR_HEADER}: ${code}\r\nContent-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
  );
  socket.destroy();
}

/**
 * Closes with a code and reason the page can read, and drops the connection a second later if
 * the peer does not complete the closing handshake (a page that reads nothing never does), so a
 * refused or idle socket does not linger for ws's 30 s close timeout.
 */
function closeSoon(ws: WebSocket, code: number, reason: string): void {
  ws.close(code, reason);
  setTimeout(() => ws.terminate(), 1_000).unref();
}

function toBytes(data: RawData): Uint8Array {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return new Uint8Array(data);
}

/** @example const relay = createRelay({ basePath: '/', isAllowedHost, dispatch, maxBodyBytes }); */
export function createRelay(options: RelayOptions): Relay {
  const limits: RelayLimits = { ...DEFAULT_RELAY_LIMITS, ...options.limits };
  const admission = socketAdmission(limits);
  const wss = new WebSocketServer({
    noServer: true,
    // A page's batch of small calls fits whatever the body limit.
    maxPayload: Math.max(options.maxBodyBytes + HEAD_ALLOWANCE_BYTES, MAX_BATCH_BYTES),
    perMessageDeflate: false,
  });
  const sockets = new Map<WebSocket, Map<number, RelayedExchange>>();
  const flows = new Map<WebSocket, SocketFlow>();
  let draining = false;
  let drained: (() => void) | null = null;

  const closeIfDrained = (ws: WebSocket, calls: Map<number, RelayedExchange>): void => {
    if (!draining || calls.size > 0) return;
    flows.get(ws)?.flush();
    ws.close(1001, 'The console server is shutting down');
  };

  const fail = (ws: WebSocket, head: RelayFailureHead): void => {
    flows.get(ws)?.send(encodeFrame(head));
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
    const refusal = framingRefusal(head, body);
    if (refusal !== null) {
      fail(ws, { id: head.id, error: refusal, notSent: true, refused: true });
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
    // The one framing the stack sees: the message's own byte count (framingRefusal already
    // refused a body on a method that carries none).
    if (body.byteLength > 0 || mayCarryBody(head.method))
      headers['content-length'] = String(body.byteLength);
    const exchange = relayedExchange({
      method: head.method,
      url: head.url,
      headers,
      body,
      remoteAddress: upgrade.socket.remoteAddress,
      maxAnswerBytes: limits.maxAnswerBytes,
    });
    calls.set(head.id, exchange);
    const settle = (): void => {
      if (calls.get(head.id) !== exchange) return;
      calls.delete(head.id);
      closeIfDrained(ws, calls);
    };
    exchange.answer.then(
      (answer) => {
        if (calls.get(head.id) === exchange) {
          const response: RelayResponseHead = {
            id: head.id,
            status: answer.status,
            statusText: answer.statusText,
            headers: answer.headers,
          };
          flows.get(ws)?.send(encodeFrame(response, answer.body));
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
    // Behind a trusted reverse proxy every page shares the proxy's address: count the client's.
    const address = clientAddress(upgrade, options.trustProxy ?? false);
    const full = admission.admit(address);
    if (full !== null) {
      // Accepted then closed, so the page can read why (a refused upgrade tells it nothing).
      ws.on('error', () => ws.terminate());
      closeSoon(
        ws,
        full === 'server' ? RELAY_CLOSE.serverFull : RELAY_CLOSE.addressFull,
        full === 'server'
          ? `at most ${limits.maxSockets} relay connections`
          : `at most ${limits.maxSocketsPerAddress} per address`,
      );
      return;
    }
    const calls = new Map<number, RelayedExchange>();
    const flow = socketFlow(ws, limits);
    sockets.set(ws, calls);
    flows.set(ws, flow);
    ws.on('pong', () => flow.alive());
    const takeFrame = (bytes: Uint8Array): boolean => {
      const frame = decodeFrame(bytes);
      if (frame === null) return false;
      if (isCancelHead(frame.head)) {
        const exchange = calls.get(frame.head.cancel);
        calls.delete(frame.head.cancel);
        exchange?.abort();
        closeIfDrained(ws, calls);
      } else if (isRequestHead(frame.head)) {
        startCall(ws, upgrade, calls, frame.head, frame.body);
      } else {
        return false;
      }
      return true;
    };
    ws.on('message', (data, isBinary) => {
      flow.alive();
      const frames = isBinary ? messageFrames(toBytes(data)) : null;
      // A batch is taken in order up to its first frame that is not a relay frame.
      if (frames === null || !frames.every(takeFrame))
        ws.close(RELAY_CLOSE.notRelayMessage, 'Not a relay message');
    });
    ws.on('close', () => {
      // The page went away: its calls are abandoned, as a closed browser tab's would be.
      for (const exchange of calls.values()) exchange.abort();
      calls.clear();
      sockets.delete(ws);
      flows.delete(ws);
      admission.release(address);
      if (drained && sockets.size === 0) drained();
    });
    ws.on('error', () => ws.terminate());
  };

  // One timer for every socket: ping each, close those silent for the idle timeout (4003). A
  // page that stops reading gets no ping through either, and is closed the same way.
  const heartbeat = setInterval(
    () => {
      const now = Date.now();
      for (const [ws, flow] of flows) {
        if (ws.readyState !== ws.OPEN) continue;
        if (flow.stillAlive(now)) {
          ws.ping();
          continue;
        }
        closeSoon(ws, RELAY_CLOSE.idle, `no answer for ${limits.idleTimeoutMs} ms`);
      }
    },
    Math.max(10, Math.floor(limits.idleTimeoutMs / 3)),
  );
  heartbeat.unref();

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
      const crossOrigin = crossOriginReason(req, options.trustProxy);
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
      clearInterval(heartbeat);
      for (const ws of sockets.keys()) ws.terminate();
      wss.close();
    },
  };
}
