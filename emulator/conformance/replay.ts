// Sends a captured request over real HTTP, byte for byte as far as node:http allows (method,
// target, headers as captured including Host, body), and returns the raw answer.
import http from 'node:http';
import type { Capture } from '../../fixtures/captures.ts';

/** Keep-alive, as curl's captures were: with agent:false node would ask for Connection: close. */
export const replayAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | undefined>;
  readonly body: Buffer;
}

/**
 * @example const answer = await sendCapture(port, loadCapture('wsdl'));
 */
export function sendCapture(port: number, capture: Capture): Promise<RawAnswer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of capture.request.headers) headers[name] = value;
  // curl streamed get_httppost_multipart's body without it being recorded: send the
  // Content-Length of the body we actually have, or the server would wait for the rest.
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === 'content-length')
      headers[name] = String(capture.request.body.length);
  }
  return sendRaw(
    port,
    capture.request.method,
    capture.request.target,
    headers,
    capture.request.body,
  );
}

export function sendRaw(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers,
        agent: replayAgent,
        setHost: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const flat: Record<string, string | undefined> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            flat[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: response.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body.length > 0 ? body : undefined);
  });
}
