// The production server in-process: static files and caching, security headers on every kind of
// answer, the Host and cross-site guards, health and readiness, the sub-path, start-up errors.
import { rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server.ts';
import { ASSET_BODY, ASSET_NAME, fakeDist } from './__fixtures__/fake-dist.ts';
import {
  ANSWER_HEADER_PATTERNS,
  PAGE_HEADER_PATTERNS,
} from './__fixtures__/security-header-patterns.ts';
import { createProductionServer, type ProductionServer } from './production-server.ts';
import { serverSettings, type ServerSettings } from './settings.ts';

let remote: RunningEmulator;
let closedPort: number;
const dists: string[] = [];
const servers: ProductionServer[] = [];

function settings(argv: string[], env: NodeJS.ProcessEnv = {}): ServerSettings {
  const parsed = serverSettings(['--port', '0', '--access-log', 'off', ...argv], {
    INODE_EMULATOR_DB: ':memory:',
    ...env,
  });
  if (parsed === 'help') throw new Error('help');
  return parsed;
}

async function start(argv: string[], env: NodeJS.ProcessEnv = {}, basePath = '/') {
  const dist = fakeDist(basePath);
  dists.push(dist);
  const app = createProductionServer(settings(['--dist', dist, ...argv], env));
  servers.push(app);
  return new URL(await app.listen()).origin;
}

/** A raw request, so tests can send any Host and read compressed bodies as bytes. */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function expectSecurityHeaders(
  headers: http.IncomingHttpHeaders,
  expected: Readonly<Record<string, RegExp>>,
): void {
  for (const [name, pattern] of Object.entries(expected)) {
    expect(String(headers[name]), name).toMatch(pattern);
  }
}

beforeAll(async () => {
  remote = await startEmulator({ port: 0, db: ':memory:' });
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.shutdown()));
  await remote.close();
  for (const dir of dists) rmSync(dir, { recursive: true, force: true });
});

describe('production server at /', () => {
  let base: string;
  beforeAll(async () => {
    base = await start([
      '--target',
      remote.origin,
      '--targets',
      `down=http://127.0.0.1:${closedPort}`,
    ]);
  });

  it('puts the page headers on HTML, assets and 404, the answer headers on proxied answers, 403 and 502', async () => {
    const answers = await Promise.all([
      request(`${base}/`),
      request(`${base}/${ASSET_NAME}`),
      request(`${base}/Inode.asmx?WSDL`),
      request(`${base}/assets/missing-0000.js`),
      request(`${base}/Inode.asmx?WSDL`, { headers: { 'Sec-Fetch-Site': 'cross-site' } }),
      request(`${base}/Inode.asmx?WSDL`, { headers: { 'X-Inode-Target': 'down' } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404, 403, 502]);
    const [page, asset, proxied, missing, refused, unreachable] = answers;
    for (const answer of [page!, asset!, missing!])
      expectSecurityHeaders(answer.headers, PAGE_HEADER_PATTERNS);
    for (const answer of [proxied!, refused!, unreachable!]) {
      expectSecurityHeaders(answer.headers, ANSWER_HEADER_PATTERNS);
      expect(answer.headers['permissions-policy']).toBeUndefined();
    }
  });

  it('caches hashed assets for a year and revalidates index.html and client routes', async () => {
    const asset = await request(`${base}/${ASSET_NAME}`);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body.toString()).toBe(ASSET_BODY);
    for (const path of ['/', '/stubs', '/history/some-id']) {
      const page = await request(`${base}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.body.toString(), path).toContain('<title>Inode Console</title>');
    }
  });

  it('answers HEAD without a body and a matching ETag with 304', async () => {
    const head = await request(`${base}/${ASSET_NAME}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const etag = String(head.headers.etag);
    const again = await request(`${base}/${ASSET_NAME}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses with brotli when accepted, else gzip', async () => {
    const br = await request(`${base}/${ASSET_NAME}`, {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET_BODY);
    const gzip = await request(`${base}/${ASSET_NAME}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(ASSET_BODY);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('refuses other methods on files, and unknown asset paths with 404', async () => {
    expect((await request(`${base}/stubs`, { method: 'POST' })).status).toBe(405);
    const missing = await request(`${base}/assets/missing-0000.js`);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('proxies /Inode.asmx to the default target without compressing or caching it', async () => {
    const wsdl = await request(`${base}/Inode.asmx?WSDL`, { headers: { 'Accept-Encoding': 'br' } });
    expect(wsdl.headers['content-encoding']).toBeUndefined();
    expect(wsdl.body.toString()).toContain('targetNamespace="http://emulator.inode.example/"');
  });

  it('refuses a Host it was not started for (DNS rebinding), accepts localhost and IPs', async () => {
    const port = new URL(base).port;
    const evil = await request(`${base}/`, {
      headers: { Host: `rebind.attacker.example:${port}` },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers['x-inode-console-error']).toBe('host-not-allowed');
    expect(evil.body.toString()).toContain('INODE_ALLOWED_HOSTS');
    const rebound = await request(`${base}/Inode.asmx?WSDL`, {
      headers: { Host: 'rebind.attacker.example' },
    });
    expect(rebound.status).toBe(403);
    expect((await request(`${base}/`, { headers: { Host: `localhost:${port}` } })).status).toBe(
      200,
    );
    expect((await request(`${base}/`, { headers: { Host: `[::1]:${port}` } })).status).toBe(200);
  });

  it('refuses browser requests from another site, lets same-origin pages and curl through', async () => {
    const port = new URL(base).port;
    const refused = [
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'http://127.0.0.1:1' },
      { Origin: 'http://127.0.0.1:1' },
      { Origin: 'null' },
    ];
    for (const headers of refused) {
      const answer = await request(`${base}/Inode.asmx?WSDL`, { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.headers['x-inode-console-error']).toBe('cross-site-request');
      expect(answer.body.toString()).toMatch(/another web site/);
    }
    const targets = await request(`${base}/__console/targets`, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(targets.status).toBe(403);
    const allowed = [
      {},
      { 'Sec-Fetch-Site': 'same-origin', Origin: `http://127.0.0.1:${port}` },
      { 'Sec-Fetch-Site': 'none' },
      { Origin: `http://127.0.0.1:${port}` },
    ];
    for (const headers of allowed) {
      const answer = await request(`${base}/Inode.asmx?WSDL`, { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('answers /healthz, and /readyz with each target and 503 only when the default is down', async () => {
    const health = await request(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
    const ready = await request(`${base}/readyz`);
    expect(ready.status).toBe(200);
    const body = JSON.parse(ready.body.toString()) as {
      ready: boolean;
      targets: Array<{ id: string; ready: boolean; latencyMs: number; status: number | null }>;
    };
    expect(body.ready).toBe(true);
    expect(body.targets.map((t) => [t.id, t.ready, t.status])).toEqual([
      ['remote', true, 200],
      ['down', false, null],
    ]);
    expect(body.targets[0]?.latencyMs).toBeGreaterThanOrEqual(0);
    const downDefault = await start(['--target', `http://127.0.0.1:${closedPort}`]);
    const notReady = await request(`${downDefault}/readyz`);
    expect(notReady.status).toBe(503);
    expect(notReady.body.toString()).toContain('ECONNREFUSED');
  });

  it('refuses bodies over the limit with 413', async () => {
    const small = await start(['--target', remote.origin, '--max-body-bytes', '100']);
    const answer = await request(`${small}/Inode.asmx/AddUserAssetIndex`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `OpenIDKey=demo-bob-key&ServiceURI=${'x'.repeat(200)}&MediaType=image`,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers['x-inode-console-error']).toBe('body-too-large');
  });
});

describe('production server under a sub-path', () => {
  let base: string;
  beforeAll(async () => {
    base = await start(['--target', remote.origin], {}, '/tools/inode/');
  });

  it('serves pages, assets and deep links below the base path and redirects to it', async () => {
    const page = await request(`${base}/tools/inode/stubs`);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain(`/tools/inode/${ASSET_NAME}`);
    expect((await request(`${base}/tools/inode/${ASSET_NAME}`)).body.toString()).toBe(ASSET_BODY);
    for (const path of ['/', '/tools/inode']) {
      const redirect = await request(`${base}${path}`);
      expect(redirect.status, path).toBe(301);
      expect(redirect.headers.location).toBe('/tools/inode/');
    }
    expect((await request(`${base}/stubs`)).status).toBe(404);
    expect((await request(`${base}/${ASSET_NAME}`)).status).toBe(404);
  });

  it('proxies /tools/inode/Inode.asmx and lists targets at /tools/inode/__console/targets', async () => {
    const wsdl = await request(`${base}/tools/inode/Inode.asmx?WSDL`);
    expect(wsdl.status).toBe(200);
    expect(wsdl.body.toString()).toContain('wsdl:definitions');
    const get = await request(
      `${base}/tools/inode/Inode.asmx/GetAssetStubs?OpenIDKey=demo-alice-key&AssetType=&OtherFilterCriteria=`,
    );
    expect(get.body.toString()).toContain('<Emulator_Inode');
    const targets = await request(`${base}/tools/inode/__console/targets`);
    expect(JSON.parse(targets.body.toString())).toMatchObject({ defaultId: 'remote', relay: true });
    expect((await request(`${base}/Inode.asmx?WSDL`)).status).toBe(404);
    expect((await request(`${base}/tools/inode/healthz`)).status).toBe(200);
  });
});

describe('start-up errors', () => {
  it('refuses to start with no target and no emulator, naming what to set', () => {
    const dist = fakeDist();
    dists.push(dist);
    expect(() => createProductionServer(settings(['--dist', dist]))).toThrow(
      /No Inode target: set INODE_TARGET=.*INODE_EMULATOR=on/,
    );
  });
  it('refuses a base path that differs from the build, and a missing build', () => {
    const dist = fakeDist('/tools/inode/');
    dists.push(dist);
    expect(() =>
      createProductionServer(
        settings(['--dist', dist, '--emulator', 'on', '--base-path', '/other']),
      ),
    ).toThrow(/built for \/tools\/inode\/: rebuild with INODE_BASE_PATH=\/other\//);
    expect(() =>
      createProductionServer(settings(['--dist', '/nonexistent', '--emulator', 'on'])),
    ).toThrow(/npm run build/);
  });
  it('refuses bad settings and unknown flags with clear messages', () => {
    expect(() => settings(['--port', 'eighty'])).toThrow(/PORT: "eighty" must be a whole number/);
    expect(() => settings(['--emulator', 'maybe'])).toThrow(/INODE_EMULATOR/);
    expect(() => settings(['--colour', 'red'])).toThrow(/colour/);
    expect(serverSettings(['--help'], {})).toBe('help');
  });
  it('reads every option from its variable, flags winning', () => {
    const parsed = settings(['--port', '9001'], {
      PORT: '9000',
      HOST: '0.0.0.0',
      INODE_ALLOWED_HOSTS: 'a.example, .b.example',
    });
    expect(parsed).toMatchObject({
      port: 9001,
      host: '0.0.0.0',
      allowedHosts: ['a.example', '.b.example'],
    });
  });
});
