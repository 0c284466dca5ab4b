/**
 * Test-only: runs the real client against a recorded capture. The fetch given to the client
 * records the request it receives and answers with the captured response bytes.
 */
import { createInodeClient } from '../client.ts';
import type { Binding, OperationName } from '../operations.ts';
import type { InodeClientOptions } from '../types.ts';

/** The shape of a fixtures/captures.ts Capture this helper needs (kept free of Node types). */
export interface Capture {
  request: {
    method: string;
    target: string;
    headers: Array<[string, string]>;
    body: Uint8Array;
  };
  response: {
    status: number;
    statusText: string;
    headers: Array<[string, string]>;
    body: Uint8Array;
  };
}

function header(message: { headers: Array<[string, string]> }, name: string): string | undefined {
  return message.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export function replayFetch(capture: Capture, sent: SentRequest[]): typeof fetch {
  return async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      headers,
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const responseHeaders = new Headers();
    for (const [name, value] of capture.response.headers) responseHeaders.append(name, value);
    return new Response(new Uint8Array(capture.response.body), {
      status: capture.response.status,
      statusText: capture.response.statusText,
      headers: responseHeaders,
    });
  };
}

/** Which client call a capture's request corresponds to. */
export function inferCall(capture: Capture): { operation: OperationName; binding: Binding } {
  const { method, target } = capture.request;
  const path = target.split('?')[0] ?? '';
  const opFromPath = /\/Inode\.asmx\/([^/?]+)$/.exec(path)?.[1];
  if (opFromPath !== undefined) {
    return {
      operation: opFromPath === 'AddUserAssetIndex' ? 'AddUserAssetIndex' : 'GetAssetStubs',
      binding: method === 'GET' || method === 'HEAD' ? 'http-get' : 'http-post',
    };
  }
  const body = new TextDecoder().decode(capture.request.body);
  const contentType = header(capture.request, 'content-type') ?? '';
  const soap12 =
    contentType.startsWith('application/soap+xml') ||
    body.includes('http://www.w3.org/2003/05/soap-envelope');
  const operation: OperationName = /<AddUserAssetIndex[\s>]/.test(body)
    ? 'AddUserAssetIndex'
    : 'GetAssetStubs';
  return { operation, binding: soap12 ? 'soap12' : 'soap11' };
}

export function replayClient(
  capture: Capture,
  sent: SentRequest[],
  options: Partial<InodeClientOptions> = {},
): ReturnType<typeof createInodeClient> {
  const { binding } = inferCall(capture);
  return createInodeClient({
    baseUrl: 'http://127.0.0.1:8099',
    binding,
    namespace: 'http://assets.example.net/inode/',
    fetch: replayFetch(capture, sent),
    ...options,
  });
}
