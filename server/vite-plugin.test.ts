// The dev and preview servers' targets (the routes and header of src/console-api), through real
// Vite servers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from '../fixtures/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { inodeTargets } from './vite-plugin.ts';
import { ANSWER_CONTENT_SECURITY_POLICY } from './security-headers.ts';
import { targetsFromEnv } from './targets.ts';
import { startEmulator, type RunningEmulator } from '../emulator/server.ts';

const REMOTE_NS = 'urn:example:remote-inode';
let remote: RunningEmulator;
let closedPort: number;
const root = mkdtempSync(join(tmpdir(), 'inode-vite-'));

function address(server: ViteDevServer | PreviewServer): string {
  const info = server.httpServer?.address();
  if (!info || typeof info === 'string') throw new Error('no address');
  return `http://127.0.0.1:${info.port}`;
}

async function devServer(env: NodeJS.ProcessEnv): Promise<ViteDevServer> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1', strictPort: false, ws: false },
    plugins: [inodeTargets({ INODE_EMULATOR_DB: ':memory:', ...env })],
  });
  await server.listen();
  return server;
}

beforeAll(async () => {
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
  remote = await startEmulator({ port: 0, db: ':memory:', namespace: REMOTE_NS });
  closedPort = await freePort();
});
afterAll(async () => {
  await remote.close();
  rmSync(root, { recursive: true, force: true });
});

describe('targetsFromEnv', () => {
  it('offers the emulator by default, INODE_TARGET as the default when set, and named INODE_TARGETS', () => {
    expect(targetsFromEnv({})).toEqual({
      targets: [{ id: 'emulator', label: 'Embedded emulator', kind: 'emulator' }],
      defaultId: 'emulator',
    });
    const config = targetsFromEnv({
      INODE_TARGET: 'http://real.example:8080/',
      INODE_TARGETS: 'staging=http://10.0.0.5',
    });
    expect(config.defaultId).toBe('remote');
    expect(config.targets.map((t) => t.id)).toEqual(['emulator', 'remote', 'staging']);
    expect(targetsFromEnv({ INODE_EMULATOR: 'off', INODE_TARGETS: 'a=http://a' }).defaultId).toBe(
      'a',
    );
  });
  it('refuses bad values with a clear message', () => {
    expect(() => targetsFromEnv({ INODE_TARGET: 'not a url' })).toThrow(/INODE_TARGET/);
    expect(() => targetsFromEnv({ INODE_TARGETS: 'x=ftp://a' })).toThrow(/http or https/);
    expect(() => targetsFromEnv({ INODE_TARGETS: 'emulator=http://a' })).toThrow(/used twice/);
    expect(() => targetsFromEnv({ INODE_EMULATOR: 'off' })).toThrow(/No Inode target/);
    const withCredentials = () => targetsFromEnv({ INODE_TARGET: 'http://me:s3cret@real.example' });
    expect(withCredentials).toThrow(/INODE_TARGET: must not carry credentials/);
    expect(withCredentials).not.toThrow(/s3cret/);
  });
});

describe('vite dev server', () => {
  let server: ViteDevServer;
  let base: string;
  beforeAll(async () => {
    server = await devServer({
      INODE_TARGETS: `other=${remote.origin},down=http://127.0.0.1:${closedPort}`,
    });
    base = address(server);
  });
  afterAll(() => server.close());

  it('lists the targets', async () => {
    const answer = await fetch(`${base}/__console/targets`);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(await answer.json()).toEqual({
      targets: [
        { id: 'emulator', label: 'Embedded emulator', kind: 'emulator' },
        { id: 'other', label: 'other', kind: 'remote', url: remote.origin },
        { id: 'down', label: 'down', kind: 'remote', url: `http://127.0.0.1:${closedPort}` },
      ],
      defaultId: 'emulator',
      relay: true,
    });
  });

  it('serves the embedded emulator by default, query and sub-paths included', async () => {
    const wsdl = await fetch(`${base}/Inode.asmx?WSDL`);
    expect(wsdl.status).toBe(200);
    expect(await wsdl.text()).toContain('targetNamespace="http://emulator.inode.example/"');
    const get = await fetch(
      `${base}/Inode.asmx/GetAssetStubs?OpenIDKey=demo-alice-key&AssetType=&OtherFilterCriteria=`,
    );
    expect(await get.text()).toContain('<Emulator_Inode');
  });

  it('routes by X-Inode-Target to a remote, forwarding method, headers and body', async () => {
    const answer = await fetch(`${base}/Inode.asmx/AddUserAssetIndex`, {
      method: 'POST',
      headers: { 'X-Inode-Target': 'other', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'OpenIDKey=demo-bob-key&ServiceURI=https%3A%2F%2Fproxied.example%2Fa.png&MediaType=image',
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(
      new RegExp(`<string xmlns="${REMOTE_NS}">[0-9a-f-]{36}</string>`),
    );
  });

  it('answers an unknown target id with 400 unknown-target', async () => {
    const answer = await fetch(`${base}/Inode.asmx?WSDL`, {
      headers: { 'X-Inode-Target': 'elsewhere' },
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('x-inode-console-error')).toBe('unknown-target');
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('answers an unreachable target with 502 target-unreachable naming the URL', async () => {
    const answer = await fetch(`${base}/Inode.asmx?WSDL`, {
      headers: { 'X-Inode-Target': 'down' },
    });
    expect(answer.status).toBe(502);
    expect(answer.headers.get('x-inode-console-error')).toBe('target-unreachable');
    expect(await answer.text()).toContain(`http://127.0.0.1:${closedPort}`);
  });

  it('survives garbage, huge headers and uploads abandoned halfway to the emulator', async () => {
    const port = Number(new URL(base).port);
    const send = (payload: string): Promise<string> =>
      new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('latin1')));
        socket.on('close', () => resolve(received));
        socket.on('error', () => resolve(received));
        socket.write(payload);
        setTimeout(() => socket.destroy(), 300);
      });
    await send('NONSENSE\r\n\r\n');
    expect(
      await send(
        `GET /Inode.asmx?WSDL HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(128 * 1024)}\r\n\r\n`,
      ),
    ).toMatch(/^HTTP\/1\.1 4\d\d /);
    await send(
      'POST /Inode.asmx/AddUserAssetIndex HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 9999\r\n\r\nOpenIDKey=demo',
    );
    await send(
      'POST /Inode.asmx HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    );
    expect((await fetch(`${base}/Inode.asmx?WSDL`)).status).toBe(200);
  });

  it('puts the security headers on its answers, the page CSP with a script nonce for Vite', async () => {
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-security-policy')).toMatch(
      /script-src 'self' 'nonce-[\w-]{16,}';.*frame-ancestors 'none'/,
    );
    const answer = await fetch(`${base}/Inode.asmx?WSDL`);
    expect(answer.headers.get('content-security-policy')).toBe(ANSWER_CONTENT_SECURITY_POLICY);
    for (const each of [page, answer])
      expect(each.headers.get('referrer-policy'), each.url).toBe('no-referrer');
  });

  it('refuses an unknown Host and browser requests from another site, in dev too', async () => {
    const port = Number(new URL(base).port);
    const raw = (host: string): Promise<string> =>
      new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('latin1')));
        socket.on('close', () => resolve(received));
        socket.write(`GET /Inode.asmx?WSDL HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      });
    // Vite's own host check (fed INODE_ALLOWED_HOSTS by the plugin) answers before ours.
    expect(await raw('rebind.attacker.example')).toMatch(/^HTTP\/1\.1 403 /);
    expect(await raw(`localhost:${port}`)).toMatch(/^HTTP\/1\.1 200 /);
    const crossSite = await fetch(`${base}/Inode.asmx?WSDL`, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('leaves every other path to Vite', async () => {
    const answer = await fetch(`${base}/Inode.asmxx`);
    expect(answer.headers.get('x-aspnet-version')).toBeNull();
  });
});

describe('INODE_TARGET', () => {
  it('makes the remote the default target of the dev server', async () => {
    const server = await devServer({ INODE_TARGET: remote.origin });
    try {
      const base = address(server);
      const targets = (await (await fetch(`${base}/__console/targets`)).json()) as {
        defaultId: string;
      };
      expect(targets.defaultId).toBe('remote');
      expect(await (await fetch(`${base}/Inode.asmx?WSDL`)).text()).toContain(
        `targetNamespace="${REMOTE_NS}"`,
      );
    } finally {
      await server.close();
    }
  });
});

describe('vite preview', () => {
  it('serves the same targets', async () => {
    const outDir = join(root, 'dist');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'index.html'), '<!doctype html><title>t</title>');
    const server = await preview({
      configFile: false,
      root,
      logLevel: 'silent',
      build: { outDir },
      preview: { port: 0, host: '127.0.0.1', strictPort: false },
      plugins: [inodeTargets({ INODE_EMULATOR_DB: ':memory:' })],
    });
    try {
      const base = address(server);
      expect((await fetch(`${base}/__console/targets`)).status).toBe(200);
      expect((await fetch(`${base}/Inode.asmx?wsdl`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('the bulk relay on the dev server', () => {
  it("takes its own upgrade path and leaves Vite's HMR socket working", async () => {
    const { default: WebSocket } = await import('ws');
    const server = await createServer({
      configFile: false,
      root,
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', strictPort: false },
      plugins: [inodeTargets({ INODE_EMULATOR_DB: ':memory:' })],
    });
    await server.listen();
    const origin = address(server);
    const opens = (url: string, protocol?: string) =>
      new Promise<boolean>((resolve) => {
        const ws = new WebSocket(url, protocol, { origin });
        ws.once('open', () => {
          ws.close();
          resolve(true);
        });
        ws.once('error', () => resolve(false));
      });
    try {
      const ws = origin.replace('http', 'ws');
      expect(await opens(`${ws}/__console/relay`)).toBe(true);
      // Vite's HMR socket, with the token its client sends.
      const token = server.config.webSocketToken;
      expect(await opens(`${ws}/?token=${token}`, 'vite-hmr')).toBe(true);
    } finally {
      await server.close();
    }
  });
});
