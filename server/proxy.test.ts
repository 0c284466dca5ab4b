// The dev server's proxy to a remote target, seen from a recording remote: it reaches only
// /Inode.asmx on the configured target whatever the request says, strips hop-by-hop headers,
// and hands status, headers and bytes (gzip included) back untouched.
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { inodeTargets } from './vite-plugin.ts';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

const BIG = Buffer.alloc(6 * 1024 * 1024, 'stub ');
const GZIPPED = gzipSync(Buffer.from('<string>zipped once</string>'));
const root = mkdtempSync(join(tmpdir(), 'inode-proxy-'));
let seen: Seen[] = [];
let remote: http.Server;
let remotePort: number;
let server: ViteDevServer;
let port: number;
/** A target that speaks raw bytes: HTTP no node:http server would write. */
let rawTarget: net.Server;

let slowAnswerClosed: Promise<boolean> = Promise.resolve(false);

function answerFor(url: string, res: http.ServerResponse): void {
  if (url.endsWith('/slow')) {
    res.writeHead(200, { 'Content-Type': 'text/xml', 'Content-Length': 1_000_000 });
    res.write('<first part/>');
    slowAnswerClosed = new Promise((resolve) =>
      res.on('close', () => resolve(!res.writableFinished)),
    );
  } else if (url.endsWith('/big')) {
    res.writeHead(200, { 'Content-Type': 'text/xml', 'Content-Length': BIG.length });
    res.end(BIG);
  } else if (url.endsWith('/gzip')) {
    res.writeHead(200, {
      'Content-Type': 'text/xml; charset=utf-8',
      'Content-Encoding': 'gzip',
      'Content-Length': GZIPPED.length,
    });
    res.end(GZIPPED);
  } else if (url.endsWith('/teapot')) {
    res.writeHead(418, 'Short And Stout', {
      'Content-Type': 'text/plain',
      Connection: 'close, X-Hop-Answer',
      'X-Hop-Answer': 'must not pass',
      'X-End-To-End': 'kept',
      'Proxy-Authenticate': 'Basic',
    });
    res.end('teapot');
  } else {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(`remote saw ${url}`);
  }
}

/** One request over a fresh socket, target and headers exactly as written. */
function rawRequest(head: string, body = ''): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
    socket.write(`${head}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n${body}`);
    setTimeout(() => socket.destroy(), 5_000);
  });
}

beforeAll(async () => {
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
  remote = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      answerFor(req.url ?? '', res);
    });
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remotePort = (remote.address() as net.AddressInfo).port;
  rawTarget = net.createServer((socket) => {
    socket.once('data', () =>
      socket.end(
        'HTTP/1.1 200 O\x01K\x7f\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok',
      ),
    );
  });
  await new Promise<void>((resolve) => rawTarget.listen(0, '127.0.0.1', resolve));
  const rawPort = (rawTarget.address() as net.AddressInfo).port;
  server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1', strictPort: false, ws: false },
    plugins: [
      inodeTargets({
        INODE_EMULATOR: 'off',
        INODE_TARGET: `http://127.0.0.1:${remotePort}`,
        INODE_TARGETS: `raw=http://127.0.0.1:${rawPort}`,
      }),
    ],
  });
  await server.listen();
  port = (server.httpServer?.address() as net.AddressInfo).port;
});
beforeEach(() => {
  seen = [];
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => remote.close(resolve));
  await new Promise((resolve) => rawTarget.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('the proxy reaches only /Inode.asmx on its target', () => {
  it.each([
    '/Inode.asmx/../x',
    '/Inode.asmx/..',
    '/Inode.asmx/./GetAssetStubs',
    '/Inode.asmx/%2e%2e/x',
    '/Inode.asmx/%2E%2E%2Fx',
    '/Inode.asmx/..%2fx',
    '/Inode.asmx/..%5cx',
    '/Inode.asmx/..\\x',
    '/Inode.asmx/%252e%252e/x',
    '/Inode.asmx/..;/x',
    '/Inode.asmx/GetAssetStubs/../../x',
  ])('refuses the dot-segment trick %s with 400 bad-path', async (target) => {
    const answer = await rawRequest(`GET ${target} HTTP/1.1`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain('x-inode-console-error: bad-path');
    expect(seen).toEqual([]);
  });

  it.each([
    'GET http://127.0.0.1:1/Inode.asmx HTTP/1.1',
    'GET //127.0.0.1:1/Inode.asmx HTTP/1.1',
    'GET /Inode.asmxfoo HTTP/1.1',
    'GET /x/Inode.asmx HTTP/1.1',
  ])('does not proxy %s', async (head) => {
    const answer = await rawRequest(head);
    expect(answer).not.toContain('remote saw');
    expect(seen).toEqual([]);
  });

  it('goes only to configured targets whatever the headers say', async () => {
    const byUrl = await rawRequest(
      `GET /Inode.asmx?WSDL HTTP/1.1\r\nX-Inode-Target: http://127.0.0.1:${remotePort}/x`,
    );
    expect(byUrl).toMatch(/^HTTP\/1\.1 400 /);
    expect(byUrl.toLowerCase()).toContain('x-inode-console-error: unknown-target');
    expect(seen).toEqual([]);
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('close', () => resolve(received));
      socket.write(
        'GET /Inode.asmx/GetAssetStubs HTTP/1.1\r\nHost: 127.0.0.1:1\r\nX-Forwarded-Host: 127.0.0.1:1\r\nForwarded: host=127.0.0.1:1\r\nConnection: close\r\n\r\n',
      );
    });
    expect(answer).toContain('remote saw /Inode.asmx/GetAssetStubs');
    expect(seen[0]?.headers.host).toBe(`127.0.0.1:${remotePort}`);
  });

  it('forwards the service path, operation and query as sent, Host rewritten, target header stripped', async () => {
    const answer = await rawRequest(
      'GET /Inode.asmx/GetAssetStubs?OpenIDKey=a%2F..%2Fb&x=/../y HTTP/1.1\r\nX-Inode-Target: remote\r\nX-Forwarded-Host: evil.example',
    );
    expect(answer).toContain('remote saw /Inode.asmx/GetAssetStubs?OpenIDKey=a%2F..%2Fb&x=/../y');
    expect(seen[0]?.headers.host).toBe(`127.0.0.1:${remotePort}`);
    expect(seen[0]?.headers['x-inode-target']).toBeUndefined();
  });
});

describe('the proxy is faithful', () => {
  it('forwards only allowlisted request headers, and drops hop-by-hop answer headers', async () => {
    const answer = await rawRequest(
      'POST /Inode.asmx/teapot HTTP/1.1\r\nContent-Length: 2\r\nConnection: close, X-Hop-Request\r\nX-Hop-Request: no\r\nProxy-Authorization: Basic eA==\r\nKeep-Alive: timeout=5\r\nX-End-To-End: yes\r\nSOAPAction: "urn:x"\r\nContent-Type: text/xml',
      'ok',
    );
    expect(seen[0]?.headers['x-hop-request']).toBeUndefined();
    expect(seen[0]?.headers['proxy-authorization']).toBeUndefined();
    expect(seen[0]?.headers['keep-alive']).toBeUndefined();
    expect(seen[0]?.headers['x-end-to-end']).toBeUndefined();
    expect(seen[0]?.headers.soapaction).toBe('"urn:x"');
    expect(seen[0]?.headers['content-type']).toBe('text/xml');
    expect(seen[0]?.headers['content-length']).toBe('2');
    expect(seen[0]?.body.toString()).toBe('ok');
    expect(answer).toMatch(/^HTTP\/1\.1 418 Short And Stout\r\n/);
    const head = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
    expect(head).toContain('x-end-to-end: kept');
    expect(head).not.toContain('x-hop-answer');
    expect(head).not.toContain('proxy-authenticate');
    expect(answer.slice(head.length)).toContain('teapot');
  });

  it('passes a gzip body through untouched, Content-Length kept, decompressed once by the caller', async () => {
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(
            {
              port,
              host: '127.0.0.1',
              path: '/Inode.asmx/gzip',
              headers: { 'Accept-Encoding': 'gzip' },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on('error', reject);
      },
    );
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers['content-length']).toBe(String(GZIPPED.length));
    expect(raw.body.equals(GZIPPED)).toBe(true);
    expect(gunzipSync(raw.body).toString()).toBe('<string>zipped once</string>');
    expect(await (await fetch(`http://127.0.0.1:${port}/Inode.asmx/gzip`)).text()).toBe(
      '<string>zipped once</string>',
    );
  });

  it('carries large bodies both ways byte for byte, with their Content-Length', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/Inode.asmx/big`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: BIG,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBe(String(BIG.length));
    expect(Buffer.from(await answer.arrayBuffer()).equals(BIG)).toBe(true);
    expect(seen[0]?.headers['content-length']).toBe(String(BIG.length));
    expect(seen[0]?.body.equals(BIG)).toBe(true);
  });

  it('lets go of the target as soon as the caller goes away mid-download', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get({ port, host: '127.0.0.1', path: '/Inode.asmx/slow' }, (res) => {
        res.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) =>
        error.message === 'socket hang up' ? undefined : reject(error),
      );
    });
    expect(await slowAnswerClosed).toBe(true);
  });

  it('survives a target whose reason phrase node:http refuses to repeat, keeping its status', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/Inode.asmx?WSDL`, {
      headers: { 'X-Inode-Target': 'raw' },
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('ok');
    expect(await (await fetch(`http://127.0.0.1:${port}/Inode.asmx/still-up`)).text()).toBe(
      'remote saw /Inode.asmx/still-up',
    );
  });

  it('survives a caller that goes away mid-upload and keeps serving', async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /Inode.asmx/x HTTP/1.1\r\nHost: h\r\nContent-Length: 100000\r\n\r\n${'a'.repeat(1000)}`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    const answer = await fetch(`http://127.0.0.1:${port}/Inode.asmx/still-up`);
    expect(await answer.text()).toBe('remote saw /Inode.asmx/still-up');
  });
});
