// The standalone emulator server: the handler on its own node:http server, with timeouts that
// keep stalled clients from holding connections forever.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_PATH } from '../src/protocol/operations.ts';
import { createEmulatorHandler, type EmulatorHandler } from './handler.ts';
import type { EmulatorOptions } from './options.ts';

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:43123 (no trailing slash). */
  readonly origin: string;
  /** origin + /Inode.asmx */
  readonly url: string;
  readonly port: number;
  readonly handler: EmulatorHandler;
  readonly server: http.Server;
  close(): Promise<void>;
}

export interface ServerOptions extends EmulatorOptions {
  /** 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** Time allowed to receive a request's headers (slow-loris guard). */
  readonly headersTimeoutMs?: number;
}

/**
 * Starts an emulator on a port.
 * @example const emulator = await startEmulator({ port: 0, db: ':memory:' }); await emulator.close();
 */
export async function startEmulator(options: ServerOptions = {}): Promise<RunningEmulator> {
  const handler = createEmulatorHandler(options);
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const server = http.createServer(
    {
      headersTimeout,
      // The handler's own idle timer answers a stalled body with 408; this is the backstop.
      requestTimeout: Math.max(headersTimeout, 300_000),
      keepAliveTimeout: 15_000,
    },
    handler,
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    origin,
    url: `${origin}${SERVICE_PATH}`,
    port,
    handler,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          handler.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
