// Tests' raw HTTP call: node:http rather than fetch, to see the framing headers and the moment
// the first body bytes arrive.
import http from 'node:http';

/** A request as the tests build it. */
export interface Call {
  readonly path: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export interface Received {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One call over node:http; onFirstChunk runs when the first body bytes arrive. */
export function send(
  port: number,
  call: Call,
  extraHeaders: Record<string, string> = {},
  onFirstChunk?: (res: http.IncomingMessage) => void,
): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: call.path,
        method: call.method,
        headers: { ...call.headers, ...extraHeaders },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (chunks.length === 0) onFirstChunk?.(res);
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('answer cut off')));
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}
