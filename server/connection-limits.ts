// Connection caps on the http server: one client address cannot hold more than its share, and
// the process never holds more than a total, so slow or abusive clients cannot exhaust file
// descriptors or memory. A connection over a cap gets a short 503 and is closed at once.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { CONSOLE_ERROR_HEADER } from '../src/console-api/index.ts';

export const DEFAULT_MAX_CONNECTIONS = 1024;
export const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 256;

export interface ConnectionLimits {
  readonly total: number;
  readonly perClient: number;
}

function refuse(socket: Socket, why: string): void {
  const body = `The console server is holding too many connections ${why}; try again shortly\n`;
  socket.end(
    `HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n${CONSOLE_ERROR_HEADER}: too-many-connections\r\nRetry-After: 1\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  // A client that does not read the refusal must not hold the socket either.
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/**
 * Applies the caps; returns the current count per address (for tests and figures).
 * @example limitConnections(server, { total: 1024, perClient: 128 })
 */
export function limitConnections(server: Server, limits: ConnectionLimits): () => number {
  const byAddress = new Map<string, number>();
  let open = 0;
  // node:http's own listeners run only for accepted sockets: a refused one never reaches the parser.
  const httpListeners = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const mine = byAddress.get(address) ?? 0;
    if (open >= limits.total) {
      refuse(socket, `(INODE_MAX_CONNECTIONS=${limits.total})`);
      return;
    }
    if (mine >= limits.perClient) {
      refuse(socket, `from your address (INODE_MAX_CONNECTIONS_PER_CLIENT=${limits.perClient})`);
      return;
    }
    open += 1;
    byAddress.set(address, mine + 1);
    socket.once('close', () => {
      open -= 1;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left === 0) byAddress.delete(address);
      else byAddress.set(address, left);
    });
    for (const listener of httpListeners) listener.call(server, socket);
  });
  return () => open;
}
