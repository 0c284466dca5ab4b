/**
 * Transport tests against a real local HTTP server (node:http on port 0), not a mocked fetch:
 * the client's own fetch meets real sockets that stall, reset, trickle or stop short.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCapture, type Capture } from '../../fixtures/captures.ts';
import { isHeld } from '../text/held-text.ts';
import {
  createInodeClient,
  DATA_STUBS_HEAD_CHARS,
  discoverNamespace,
  NamespaceDiscoveryError,
  ResponseTooLargeError,
  type Binding,
  type Exchange,
  type InodeClientOptions,
} from './index.ts';

interface TestServer {
  baseUrl: string;
  requests: Array<{
    method: string;
    url: string;
    headers: IncomingMessage['headers'];
    body: string;
  }>;
  close(): Promise<void>;
}

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function startServer(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const testServer: TestServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(testServer);
  return testServer;
}

function replay(capture: Capture, res: ServerResponse, rewrite?: (body: string) => string): void {
  const headers = capture.response.headers.filter(
    ([n]) => !/^(connection|keep-alive|content-length)$/i.test(n),
  );
  res.writeHead(capture.response.status, headers.flat());
  res.end(rewrite ? rewrite(capture.response.body.toString('utf8')) : capture.response.body);
}

const NAMESPACE = 'http://assets.example.net/inode/';
const PARAMS = { OpenIDKey: 'alice', AssetType: 'image', OtherFilterCriteria: '' };
const never = (): void => {};

function client(server: TestServer, options: Partial<InodeClientOptions> = {}) {
  return createInodeClient({
    baseUrl: server.baseUrl,
    binding: 'soap11' as Binding,
    namespace: NAMESPACE,
    ...options,
  });
}

async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

describe('transport over a real HTTP server', () => {
  it('records the whole exchange of a successful call', async () => {
    const capture = loadCapture('get_soap11_success');
    const server = await startServer((_req, res) => replay(capture, res));
    const result = await client(server).getAssetStubs(PARAMS);
    expect(result.record.Success).toBe(true);
    const { request, response, timings } = result.exchange;
    expect(server.requests[0]?.headers['soapaction']).toBe(`"${NAMESPACE}GetAssetStubs"`);
    expect(server.requests[0]?.body).toBe(request.body);
    expect(request.url).toBe(`${server.baseUrl}/Inode.asmx`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(response.byteLength).toBe(capture.response.body.byteLength);
    expect(response.bodyText).toBe(capture.response.body.toString('utf8'));
    expect(timings.headersMs).toBeGreaterThanOrEqual(0);
    expect(timings.totalMs).toBeGreaterThanOrEqual(timings.headersMs);
    expect(timings.startedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('times out with TimeoutError when no answer comes', async () => {
    const server = await startServer(never);
    const error = await rejection(client(server, { timeoutMs: 150 }).getAssetStubs(PARAMS));
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 150 });
    expect(error.message).toContain(`GetAssetStubs over SOAP 1.1 to ${server.baseUrl}/Inode.asmx`);
    expect(error['exchange']).toBeUndefined();
    expect(error['request']).toMatchObject({ method: 'POST' });
  });

  it('times out when the body trickles in for longer than the timeout', async () => {
    const capture = loadCapture('get_soap11_success');
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.write(capture.response.body.subarray(0, 50));
      setTimeout(() => res.end(capture.response.body.subarray(50)), 800);
    });
    const error = await rejection(client(server, { timeoutMs: 250 }).getAssetStubs(PARAMS));
    expect(error.name).toBe('TimeoutError');
  });

  it('waits for a slow body within the timeout and times headers and body apart', async () => {
    const capture = loadCapture('get_soap11_success');
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.write(capture.response.body.subarray(0, 100));
      setTimeout(() => res.end(capture.response.body.subarray(100)), 300);
    });
    const result = await client(server, { timeoutMs: 5_000 }).getAssetStubs(PARAMS);
    expect(result.record.DataStubs).toContain('<Stub ');
    expect(result.exchange.timings.totalMs - result.exchange.timings.headersMs).toBeGreaterThan(
      200,
    );
  });

  it('turns the caller\u2019s abort into TransportError, in flight and before sending', async () => {
    const server = await startServer(never);
    const controller = new AbortController();
    const pending = rejection(
      client(server, { timeoutMs: 5_000 }).getAssetStubs(PARAMS, { signal: controller.signal }),
    );
    // In flight: the server has the whole request and never answers.
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error('user cancelled'));
    const error = await pending;
    expect(error.name).toBe('TransportError');
    expect(error.message).toContain('aborted by the caller');

    const early = await rejection(
      client(server).addUserAssetIndex(
        { OpenIDKey: 'k', ServiceURI: 'u', MediaType: 'm' },
        { signal: AbortSignal.abort() },
      ),
    );
    expect(early.name).toBe('TransportError');
    expect(server.requests).toHaveLength(1);
  });

  it('reports a connection reset as TransportError', async () => {
    const server = await startServer((req) => req.socket.destroy());
    const error = await rejection(client(server, { binding: 'http-post' }).getAssetStubs(PARAMS));
    expect(error.name).toBe('TransportError');
    expect(error.message).toContain('network failure');
    expect(error['cause']).toBeDefined();
  });

  it('reports a body cut short of its Content-Length as TransportError, not a short answer', async () => {
    const capture = loadCapture('get_httppost_success');
    const server = await startServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/xml; charset=utf-8',
        'content-length': String(capture.response.body.byteLength + 500),
      });
      res.write(capture.response.body);
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await rejection(client(server, { binding: 'http-post' }).getAssetStubs(PARAMS));
    expect(error.name).toBe('TransportError');
  });

  it('reports a refused connection as TransportError', async () => {
    const server = await startServer(never);
    const baseUrl = server.baseUrl;
    await server.close();
    const error = await rejection(
      createInodeClient({ baseUrl, binding: 'http-get' }).getAssetStubs(PARAMS),
    );
    expect(error.name).toBe('TransportError');
  });

  it('reports a 200 with the wrong content type as ResponseFormatError carrying the exchange', async () => {
    const capture = loadCapture('help_page');
    const server = await startServer((_req, res) => replay(capture, res));
    const error = await rejection(client(server, { binding: 'soap12' }).getAssetStubs(PARAMS));
    expect(error.name).toBe('ResponseFormatError');
    expect(error['received']).toMatch(/^200 text\/html/);
    expect(error['exchange']).toMatchObject({ response: { status: 200 } });
  });
});

describe('namespace discovery from ?WSDL', () => {
  const wsdl = loadCapture('wsdl');
  const DEPLOYED = 'urn:deployment:acme/';
  const deployedWsdl = wsdl.response.body.toString('utf8').replaceAll(NAMESPACE, DEPLOYED);

  it('reads targetNamespace once, with the request the real server answered, and uses it', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/Inode.asmx?WSDL') {
        res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(deployedWsdl);
      } else {
        replay(loadCapture('add_soap12_success'), res, (b) => b.replace(NAMESPACE, DEPLOYED));
      }
    });
    const c = createInodeClient({ baseUrl: server.baseUrl, binding: 'soap12' });
    const params = { OpenIDKey: 'k', ServiceURI: 'u', MediaType: 'm' };
    await c.addUserAssetIndex(params);
    await c.addUserAssetIndex(params);
    expect(await c.namespace()).toBe(DEPLOYED);
    const discovery = server.requests.filter((r) => r.url.includes('WSDL'));
    expect(discovery).toHaveLength(1);
    expect([discovery[0]?.method, discovery[0]?.url]).toEqual([
      wsdl.request.method,
      wsdl.request.target,
    ]);
    expect(server.requests[1]?.headers['content-type']).toBe(
      `application/soap+xml; charset=utf-8; action="${DEPLOYED}AddUserAssetIndex"`,
    );
    expect(server.requests[1]?.body).toContain(`<AddUserAssetIndex xmlns="${DEPLOYED}">`);
  });

  it('fails clearly when ?WSDL is missing, and tries again on the next call', async () => {
    let available = false;
    const server = await startServer((req, res) => {
      if (req.url?.includes('WSDL') && !available) {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<html><head><title>Not here</title></head><body>nope</body></html>');
      } else if (req.url?.includes('WSDL')) {
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(deployedWsdl);
      } else replay(loadCapture('get_soap11_success'), res);
    });
    const c = createInodeClient({ baseUrl: server.baseUrl, binding: 'soap11' });
    const error = await rejection(c.getAssetStubs(PARAMS));
    expect(error).toMatchObject({
      name: 'HttpError',
      status: 404,
      url: `${server.baseUrl}/Inode.asmx?WSDL`,
    });
    expect(error.message).toContain('Could not read the service namespace');
    expect(error.message).toContain('Not here');

    available = true;
    const retried = await rejection(c.getAssetStubs(PARAMS));
    // The captured answer is in the reference namespace, not the discovered one: caught, not mixed up.
    expect(retried.name).toBe('ResponseFormatError');
    expect(server.requests.filter((r) => r.url.includes('WSDL'))).toHaveLength(2);
  });

  it('says so when ?WSDL answers something that is not a WSDL', async () => {
    const server = await startServer((_req, res) => replay(loadCapture('disco'), res));
    const error = await rejection(discoverNamespace(server.baseUrl));
    expect(error).toBeInstanceOf(NamespaceDiscoveryError);
    expect(error).toMatchObject({ kind: 'format', status: 200 });
    expect(error.message).toContain('not a WSDL with a targetNamespace');
    const viaCall = await rejection(
      createInodeClient({ baseUrl: server.baseUrl, binding: 'soap11' }).getAssetStubs(PARAMS),
    );
    expect(viaCall.name).toBe('ResponseFormatError');
  });
});

describe('a shared namespace lookup', () => {
  it('is not cancelled for other callers when one caller aborts', async () => {
    const wsdlBody = loadCapture('wsdl').response.body;
    const server = await startServer((req, res) => {
      if (req.url?.includes('WSDL')) {
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
          res.end(wsdlBody);
        }, 150);
      } else replay(loadCapture('get_soap11_success'), res);
    });
    const c = createInodeClient({ baseUrl: server.baseUrl, binding: 'soap11' });
    const controller = new AbortController();
    const aborted = c.getAssetStubs(PARAMS, { signal: controller.signal });
    const patient = c.getAssetStubs(PARAMS);
    controller.abort();
    expect((await rejection(aborted)).name).toBe('TransportError');
    expect((await patient).record.Success).toBe(true);
    expect(server.requests.filter((r) => r.url.includes('WSDL'))).toHaveLength(1);
  });
});

describe('the OpenIDKey never appears in an error message', () => {
  const KEY = 'sekr3t+key/ü';
  const keyForms = [
    KEY,
    encodeURIComponent(KEY),
    new URLSearchParams({ k: KEY }).toString().slice(2),
  ];

  function causeChain(error: unknown): string {
    const parts: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) {
      parts.push(e.message, e.stack ?? '');
    }
    return parts.join('\n');
  }

  it('not even when fetch puts the whole HTTP GET URL in its own message', async () => {
    const baseUrl = 'http://exa mple.invalid';
    const error = await rejection(
      createInodeClient({ baseUrl, binding: 'http-get', namespace: NAMESPACE }).getAssetStubs({
        ...PARAMS,
        OpenIDKey: KEY,
      }),
    );
    expect(error.name).toBe('TransportError');
    expect(error.message).toContain(
      `GetAssetStubs over HTTP GET to ${baseUrl}/Inode.asmx/GetAssetStubs: network failure`,
    );
    expect(error.message).toContain('OpenIDKey=••••••');
    for (const form of keyForms) expect(causeChain(error)).not.toContain(form);
    expect(error['url']).toBe(`${baseUrl}/Inode.asmx/GetAssetStubs`);
  });

  it('not even when the server echoes it in its error text', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(
        `System.Web.HttpRequestValidationException: A potentially dangerous Request.Form value was detected from the client (OpenIDKey="${KEY}").`,
      );
    });
    const error = await rejection(
      client(server, { binding: 'http-post' }).addUserAssetIndex({
        OpenIDKey: KEY,
        ServiceURI: 'https://a.example/',
        MediaType: 'image',
      }),
    );
    expect(error.name).toBe('ServiceError');
    expect(error.message).toContain(
      `AddUserAssetIndex over HTTP POST to ${server.baseUrl}/Inode.asmx/AddUserAssetIndex`,
    );
    expect(error.message).toContain('(OpenIDKey="••••••")');
    for (const form of keyForms) expect(causeChain(error)).not.toContain(form);
  });
});

describe('the DataStubs head', () => {
  it('reaches the caller while the body still arrives, and the result is unchanged', async () => {
    const capture = loadCapture('get_soap11_success');
    const body = capture.response.body.toString('utf8');
    const stub = '<Stub id="1">x</Stub>';
    const stubs = `<AssetStubs>${stub.repeat((3 * DATA_STUBS_HEAD_CHARS) / stub.length)}</AssetStubs>`;
    const large = Buffer.from(
      body.replace(/<DataStubs>[\s\S]*<\/DataStubs>/, `<DataStubs>${stubs}</DataStubs>`),
    );
    const cut = large.indexOf('</AssetStubs>') - 10;
    let sendRest: () => void = never;
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.write(large.subarray(0, cut));
      sendRest = () => res.end(large.subarray(cut));
    });
    const heads: string[] = [];
    const call = client(server).getAssetStubs(PARAMS, {
      onDataStubsHead: (head) => {
        heads.push(head);
        sendRest();
      },
    });
    const result = await call;
    expect(heads).toHaveLength(1);
    expect(heads[0]?.length).toBeGreaterThanOrEqual(DATA_STUBS_HEAD_CHARS);
    expect(result.record.DataStubs?.startsWith(heads[0] ?? '-')).toBe(true);
    expect(result.record.DataStubs?.length).toBeGreaterThan(stubs.length);
    expect(result.exchange.response.byteLength).toBe(large.byteLength);
  });

  it('still times out, and still stops at the caller\u2019s abort, while the body is read as a stream', async () => {
    const capture = loadCapture('get_soap11_success');
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.write(capture.response.body.subarray(0, 50));
      setTimeout(() => res.end(capture.response.body.subarray(50)), 800);
    });
    const onDataStubsHead = (): void => undefined;
    const timedOut = await rejection(
      client(server, { timeoutMs: 250 }).getAssetStubs(PARAMS, { onDataStubsHead }),
    );
    expect(timedOut.name).toBe('TimeoutError');
    const controller = new AbortController();
    const call = client(server).getAssetStubs(PARAMS, {
      onDataStubsHead,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    const aborted = await rejection(call);
    expect(aborted).toMatchObject({ name: 'TransportError' });
  });

  it('is not asked for when the payload is small, and a failing callback does not fail the call', async () => {
    const capture = loadCapture('get_soap11_success');
    const server = await startServer((_req, res) => replay(capture, res));
    let calls = 0;
    const result = await client(server).getAssetStubs(PARAMS, {
      onDataStubsHead: () => {
        calls++;
        throw new Error('display failed');
      },
    });
    expect(calls).toBe(0);
    expect(result.record.Success).toBe(true);

    const large = capture.response.body
      .toString('utf8')
      .replace(
        /<DataStubs>[\s\S]*<\/DataStubs>/,
        `<DataStubs><A>${'<b/>'.repeat(DATA_STUBS_HEAD_CHARS)}</A></DataStubs>`,
      );
    const bigServer = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(large);
    });
    const bigResult = await client(bigServer).getAssetStubs(PARAMS, {
      onDataStubsHead: () => {
        calls++;
        throw new Error('display failed');
      },
    });
    expect(calls).toBe(1);
    expect(bigResult.record.DataStubs).toMatch(/^<A xmlns="[^"]+"><b\/>/);
  });
});

describe('the body bytes handed out', () => {
  it('gives the whole body once, exactly as received, before the decoded result', async () => {
    const capture = loadCapture('get_soap11_success');
    const server = await startServer((_req, res) => replay(capture, res));
    const seen: Uint8Array[] = [];
    const result = await client(server).getAssetStubs(PARAMS, {
      onBodyBytes: (bytes) => seen.push(bytes),
    });
    expect(seen).toHaveLength(1);
    expect(Buffer.from(seen[0]!).equals(capture.response.body)).toBe(true);
    expect(result.exchange.response.byteLength).toBe(seen[0]!.byteLength);
  });

  it('gives nothing for an answer over maxBodyBytes', async () => {
    const capture = loadCapture('get_soap11_success');
    const server = await startServer((_req, res) => replay(capture, res));
    const seen: Uint8Array[] = [];
    const error = await rejection(
      client(server, { maxBodyBytes: 16 }).getAssetStubs(PARAMS, {
        onBodyBytes: (bytes) => seen.push(bytes),
      }),
    );
    expect(error.name).toBe('ResponseTooLargeError');
    expect(seen).toEqual([]);
  });
});

/** Sends `body` in pieces of `piece` bytes with no Content-Length (chunked). */
function sendChunked(res: ServerResponse, body: Buffer, piece: number): void {
  res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
  for (let at = 0; at < body.byteLength; at += piece) res.write(body.subarray(at, at + piece));
  res.end();
}

/** A captured answer with about 10 MB of comments before its body: gathered into Blobs in parts. */
function withTenMegabytes(answer: Buffer): Buffer {
  const filler = `<!--${'x'.repeat(1024 * 1024)}-->\n`.repeat(10);
  return Buffer.from(answer.toString('utf8').replace('<soap:Body>', `${filler}<soap:Body>`));
}

describe('a body held as it arrives', () => {
  const big = withTenMegabytes(loadCapture('get_soap11_success').response.body);

  it('holds every byte as received, once, and hands out no joined bytes', async () => {
    const server = await startServer((_req, res) => sendChunked(res, big, 64 * 1024));
    const bytes: Uint8Array[] = [];
    const result = await client(server).getAssetStubs(PARAMS, {
      onBodyBytes: (received) => bytes.push(received),
      holdFrom: 1024 * 1024,
    });
    const body = result.exchange.response.bodyText;
    if (!isHeld(body)) throw new Error('expected the body held');
    expect(Buffer.from(await body.held.arrayBuffer()).equals(big)).toBe(true);
    expect(body.length).toBe(big.toString('utf8').length);
    expect(bytes).toEqual([]);
    expect(result.exchange.response.byteLength).toBe(big.byteLength);
    expect(isHeld(result.record.DataStubs)).toBe(true);
  });

  it('holds none under holdFrom, nor above maxBodyBytes', async () => {
    const server = await startServer((_req, res) => sendChunked(res, big, 64 * 1024));
    const under = await client(server).getAssetStubs(PARAMS, { holdFrom: big.byteLength + 1 });
    expect(under.exchange.response.bodyText).toBe(big.toString('utf8'));
    // Over the limit after the first 1 MB parts were made.
    const error = await rejection(
      client(server, { maxBodyBytes: 6 * 1024 * 1024 }).getAssetStubs(PARAMS, { holdFrom: 0 }),
    );
    expect(error.name).toBe('ResponseTooLargeError');
    // The answer over the limit is still held whole, in its own type.
    const body = error['body'] as Blob;
    expect(Buffer.from(await body.arrayBuffer()).equals(big)).toBe(true);
    expect(body.type).toBe('text/xml; charset=utf-8');
  });
});

describe('an answer above maxBodyBytes', () => {
  const capture = loadCapture('get_soap11_success');
  const answer = capture.response.body;
  const contentType = 'text/xml; charset=utf-8';

  async function blobBytes(value: unknown): Promise<Buffer> {
    expect(value).toBeInstanceOf(Blob);
    return Buffer.from(await (value as Blob).arrayBuffer());
  }

  it('fails with ResponseTooLargeError when Content-Length already says more, the Blob holding every byte', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': answer.byteLength });
      res.end(answer);
    });
    const heads: string[] = [];
    const error = await rejection(
      client(server, { maxBodyBytes: answer.byteLength - 1 }).getAssetStubs(PARAMS, {
        onDataStubsHead: (head) => void heads.push(head),
      }),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({
      name: 'ResponseTooLargeError',
      byteLength: answer.byteLength,
      limit: answer.byteLength - 1,
      status: 200,
      contentType,
    });
    expect(error.message).toContain(`GetAssetStubs over SOAP 1.1 to ${server.baseUrl}/Inode.asmx`);
    const exchange = error['exchange'] as Exchange;
    expect(exchange.response).toMatchObject({
      status: 200,
      bodyText: '',
      bodyOmitted: true,
      byteLength: answer.byteLength,
    });
    expect(exchange.request.body).toContain('<OpenIDKey>alice</OpenIDKey>');
    expect((await blobBytes(error['body'])).equals(answer)).toBe(true);
    expect(heads).toEqual([]);
  });

  it('fails the same way on a chunked answer that passes the limit while it arrives, across Blob flushes', async () => {
    const big = withTenMegabytes(answer);
    const server = await startServer((_req, res) => sendChunked(res, big, 64 * 1024));
    const error = await rejection(
      client(server, { maxBodyBytes: 1024 * 1024 }).getAssetStubs(PARAMS),
    );
    expect(error).toMatchObject({
      name: 'ResponseTooLargeError',
      byteLength: big.byteLength,
      limit: 1024 * 1024,
    });
    const body = await blobBytes(error['body']);
    expect(body.byteLength).toBe(big.byteLength);
    expect(body.equals(big)).toBe(true);
  });

  it('takes an answer of exactly the limit as text, chunked or not', async () => {
    const server = await startServer((_req, res) => sendChunked(res, answer, 100));
    const result = await client(server, { maxBodyBytes: answer.byteLength }).getAssetStubs(PARAMS);
    expect(result.record.Success).toBe(true);
    expect(result.exchange.response.bodyText).toBe(answer.toString('utf8'));
    expect(result.exchange.response.bodyOmitted).toBeUndefined();

    const sized = await startServer((_req, res) => replay(capture, res));
    const whole = await client(sized, { maxBodyBytes: answer.byteLength }).getAssetStubs(PARAMS);
    expect(whole.exchange.response.byteLength).toBe(answer.byteLength);
  });

  it('measures a compressed answer by its decoded size, not by its stated Content-Length', async () => {
    // 10 MB of one comment compress to a few KB: the stated length is far under the limit.
    const filler = `<!--${'x'.repeat(10 * 1024 * 1024)}-->`;
    const big = Buffer.from(answer.toString('utf8').replace('<soap:Body>', `${filler}<soap:Body>`));
    const compressed = gzipSync(big);
    const server = await startServer((_req, res) => {
      res.writeHead(200, {
        'content-type': contentType,
        'content-encoding': 'gzip',
        'content-length': compressed.byteLength,
      });
      res.end(compressed);
    });
    const error = await rejection(
      client(server, { maxBodyBytes: 1024 * 1024 }).getAssetStubs(PARAMS),
    );
    expect(compressed.byteLength).toBeLessThan(1024 * 1024);
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', byteLength: big.byteLength });
  });

  it('still reports a body cut short as TransportError and a slow one as TimeoutError', async () => {
    const cut = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': answer.byteLength * 4 });
      res.write(answer);
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const limit = { maxBodyBytes: 16 };
    expect((await rejection(client(cut, limit).getAssetStubs(PARAMS))).name).toBe('TransportError');
    const slow = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': contentType });
      res.write(answer);
    });
    const error = await rejection(client(slow, { ...limit, timeoutMs: 200 }).getAssetStubs(PARAMS));
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 200 });
  });
});
