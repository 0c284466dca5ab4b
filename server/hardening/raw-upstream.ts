// A target made of raw sockets: it parses HTTP/1.1 requests itself (Content-Length or chunked
// bodies, keep-alive), COUNTS every request it sees, and answers each with the request's `t`
// query value, so a test can tell which answer belongs to which request and how many requests
// really crossed the proxy. Optional per-path behaviour: `/slow` answers after `slowMs`,
// `/trickle` sends its head at once and then its body a byte every TRICKLE_GAP_MS, `/cookie`
// answers with Set-Cookie and headers that try to replace the console's own, `/odd-head` with
// the header forms the proxy must pass on or drop one by one, `/twice-length` with two lengths.
import net from 'node:net';

export interface SeenRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface RawUpstream {
  readonly port: number;
  readonly origin: string;
  readonly seen: SeenRequest[];
  /** Connections ever accepted. */
  connections(): number;
  close(): Promise<void>;
}

/** Splits one request off the front of `buffer`, or null while it is incomplete. */
function parseOne(buffer: Buffer): { request: SeenRequest; rest: Buffer } | null {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [line = '', ...fields] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const [method = '', target = ''] = line.split(' ');
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    const name = field.slice(0, colon).trim().toLowerCase();
    headers[name] =
      headers[name] === undefined
        ? field.slice(colon + 1).trim()
        : `${headers[name]}, ${field.slice(colon + 1).trim()}`;
  }
  let at = end + 4;
  let body = '';
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
      if (buffer.length < lineEnd + 2 + size + 2) return null;
      body += buffer.subarray(lineEnd + 2, lineEnd + 2 + size).toString('latin1');
      at = lineEnd + 2 + size + 2;
      if (size === 0) break;
    }
  } else {
    const length = Number(headers['content-length'] ?? 0);
    if (buffer.length < at + length) return null;
    body = buffer.subarray(at, at + length).toString('latin1');
    at += length;
  }
  return { request: { method, target, headers, body }, rest: buffer.subarray(at) };
}

/** The pause between two bytes of a `/trickle` answer's body. */
export const TRICKLE_GAP_MS = 150;

/** Writes an answer's head, then its body a byte at a time; resolves once all of it is sent. */
async function trickleAnswer(socket: net.Socket, answer: string): Promise<void> {
  const bodyAt = answer.indexOf('\r\n\r\n') + 4;
  socket.write(answer.slice(0, bodyAt), 'latin1');
  for (const byte of answer.slice(bodyAt)) {
    await new Promise((resolve) => setTimeout(resolve, TRICKLE_GAP_MS));
    if (socket.destroyed) return;
    socket.write(byte, 'latin1');
  }
}

function answerFor(request: SeenRequest): string {
  const token = new URL(request.target, 'http://x').searchParams.get('t') ?? request.target;
  const extra = request.target.includes('/cookie')
    ? 'Set-Cookie: session=upstream; Path=/\r\nContent-Security-Policy: default-src *\r\nX-Frame-Options: ALLOWALL\r\nReferrer-Policy: unsafe-url\r\nPermissions-Policy: camera=*\r\nX-Inode-Console-Error: forged\r\n'
    : '';
  const body = `${token}|${request.body}`;
  const length = `Content-Length: ${Buffer.byteLength(body, 'latin1')}\r\n`;
  // Headers as they come off the wire: a Connection header naming another (hop-by-hop by name),
  // a value beyond ASCII, two fields of one name; `/twice-length`, its length sent twice.
  const oddHead = request.target.includes('/odd-head')
    ? 'Connection: keep-alive, X-Hop\r\nX-Hop: drop me\r\nX-Latin: caf\xe9\r\nX-Twice: one\r\nX-Twice: two\r\n'
    : request.target.includes('/twice-length')
      ? length
      : '';
  return `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n${extra}${oddHead}${length}\r\n${body}`;
}

/**
 * @example const upstream = await startRawUpstream(); upstream.seen.length // requests parsed so far
 */
export async function startRawUpstream(options: { slowMs?: number } = {}): Promise<RawUpstream> {
  const seen: SeenRequest[] = [];
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer: Buffer = Buffer.alloc(0);
    // Answers go out in request order, whatever each one waits for.
    let queue = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let parsed = parseOne(buffer); parsed; parsed = parseOne(buffer)) {
        buffer = parsed.rest;
        const request = parsed.request;
        seen.push(request);
        const delay = request.target.includes('/slow') ? (options.slowMs ?? 0) : 0;
        queue = queue
          .then(() => new Promise((resolve) => setTimeout(resolve, delay)))
          .then(() => {
            if (socket.destroyed) return;
            if (request.target.includes('/trickle'))
              return trickleAnswer(socket, answerFor(request));
            socket.write(answerFor(request), 'latin1');
          });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    seen,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes `bytes` on a fresh socket and collects everything the server sends back until it
 * closes or `waitMs` passes.
 */
export function rawExchange(port: number, bytes: string, waitMs = 1_500): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('error', () => undefined);
    socket.write(bytes, 'latin1');
  });
}

/** How many HTTP responses a byte stream holds (status lines at a message start). */
export function countResponses(stream: string): number {
  return stream.match(/(^|\r\n\r\n|\n)HTTP\/1\.[01] \d{3} /g)?.length ?? 0;
}
