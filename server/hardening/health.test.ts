// Health without information leaks or probe floods: /readyz says only ready or not unless the
// caller is on this machine (not through a proxy) or holds INODE_HEALTH_TOKEN; probes are cached
// and shared; GET __console/health answers the console's contract with no address or error text.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealth } from '../health.ts';
import { createTargetPool } from '../target-pool.ts';
import { printFigures, startConsole, type Console } from './harness.ts';
import { startRawUpstream, type RawUpstream } from './raw-upstream.ts';

const TOKEN = 'health-token-for-tests';
let upstream: RawUpstream;
let silent: net.Server;
let silentPort: number;
let closedPort: number;
let app: Console;
const figures: Array<[string, string]> = [];

/** How many ?WSDL probes the upstream has seen. */
const probes = () => upstream.seen.filter((r) => r.target.endsWith('?WSDL')).length;

beforeAll(async () => {
  upstream = await startRawUpstream();
  // Accepts and never answers: a probe to it times out.
  silent = net.createServer(() => undefined).listen(0, '127.0.0.1');
  await new Promise((resolve) => silent.once('listening', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
  const probe = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  app = await startConsole(
    [
      '--target',
      upstream.origin,
      '--targets',
      `down=http://127.0.0.1:${closedPort},silent=http://127.0.0.1:${silentPort}`,
    ],
    { INODE_HEALTH_TOKEN: TOKEN },
  );
});

afterAll(async () => {
  await app.close();
  await upstream.close();
  silent.close();
  printFigures('health', figures);
});

describe('/readyz', () => {
  it('answers a caller through a proxy with {"ready":bool} only, and the token holder with the detail', async () => {
    const proxied = await fetch(`${app.origin}/readyz`, {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(proxied.status).toBe(200);
    expect(await proxied.json()).toEqual({ ready: true });
    const wrongToken = await fetch(`${app.origin}/readyz`, {
      headers: { 'X-Forwarded-For': '203.0.113.9', Authorization: 'Bearer nope' },
    });
    expect(await wrongToken.json()).toEqual({ ready: true });
    const withToken = await fetch(`${app.origin}/readyz`, {
      headers: { 'X-Forwarded-For': '203.0.113.9', Authorization: `Bearer ${TOKEN}` },
    });
    const detail = (await withToken.json()) as {
      targets: Array<{ id: string; problem: string | null }>;
    };
    expect(detail.targets.map((t) => [t.id, t.problem])).toEqual([
      ['remote', null],
      ['down', 'no-answer'],
      ['silent', 'timeout'],
    ]);
  }, 15_000);

  it('turns 200 /readyz calls into at most a handful of probes', async () => {
    // Past the cache of the round the previous test made: this flood needs a fresh one.
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    const before = probes();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => fetch(`${app.origin}/readyz`).then((r) => r.status)),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    const made = probes() - before;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThanOrEqual(3);
    figures.push(['upstream probes for 200 /readyz calls', String(made)]);
  }, 15_000);
});

describe('GET /__console/health', () => {
  it('answers the contract: ready, status, problem, checkedAt; no address, URL or error text', async () => {
    const answer = await fetch(`${app.origin}/__console/health`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = await answer.text();
    const body = JSON.parse(text) as { targets: Array<Record<string, unknown>> };
    expect(body.targets.map(({ checkedAt, ...rest }) => [rest, typeof checkedAt])).toEqual([
      [{ id: 'remote', ready: true, status: 200, problem: null }, 'string'],
      [{ id: 'down', ready: false, status: null, problem: 'no-answer' }, 'string'],
      [{ id: 'silent', ready: false, status: null, problem: 'timeout' }, 'string'],
    ]);
    expect(text).not.toMatch(/127\.0\.0\.1|http:|ECONN|within/);
    for (const target of body.targets)
      expect(Number.isNaN(Date.parse(String(target.checkedAt)))).toBe(false);
  }, 15_000);

  it('is a console route: refused to another Host and to another site', async () => {
    // fetch cannot send another Host: node:http can.
    const otherHost = await new Promise<number>((resolve, reject) =>
      http
        .get(`${app.origin}/__console/health`, { headers: { Host: 'evil.example' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject),
    );
    expect(otherHost).toBe(403);
    const crossSite = await fetch(`${app.origin}/__console/health`, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('a probe', () => {
  it('answers at its timeout while every connection to the target is busy', async () => {
    const target = {
      id: 'silent',
      label: 'silent',
      kind: 'remote' as const,
      url: `http://127.0.0.1:${silentPort}`,
    };
    const pool = createTargetPool(target, 4_000, 1);
    // The one connection waits for an answer that never comes; the probe queues behind it.
    const holding = pool.request({ method: 'GET', path: '/Inode.asmx' }).catch(() => undefined);
    const health = createHealth(
      { targets: [target], defaultId: 'silent' },
      new Map([['silent', pool]]),
      () => true,
      {
        probeTimeoutMs: 300,
        cacheMs: 0,
      },
    );
    const started = performance.now();
    const readiness = await health.readiness();
    const ms = Math.round(performance.now() - started);
    expect(readiness.ready).toBe(false);
    expect(readiness.targets[0]).toMatchObject({ problem: 'timeout', status: null });
    expect(ms).toBeLessThan(1_500);
    figures.push(['probe answered with the pool full (ms, probe timeout 300)', String(ms)]);
    await pool.destroy();
    await holding;
  });

  it('is reported not ready, not thrown, for a remote target with no pool', async () => {
    const target = { id: 'lone', label: 'lone', kind: 'remote' as const, url: upstream.origin };
    const health = createHealth({ targets: [target], defaultId: 'lone' }, new Map(), () => true);
    const readiness = await health.readiness();
    expect(readiness.ready).toBe(false);
    expect(readiness.targets[0]).toMatchObject({
      id: 'lone',
      problem: 'no-answer',
      error: 'no connection pool for this target',
    });
  });
});

describe('a target below a base path', () => {
  it('is probed and called below that path', async () => {
    const below = await startConsole(['--target', `${upstream.origin}/legacy/`], {
      INODE_HEALTH_TOKEN: TOKEN,
    });
    try {
      const ready = await fetch(`${below.origin}/readyz`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect((await ready.json()).targets[0]).toMatchObject({ id: 'remote', ready: true });
      const call = await fetch(`${below.origin}/Inode.asmx/GetAssetStubs?t=below`);
      expect(call.status).toBe(200);
      const targets = upstream.seen.map((request) => request.target);
      expect(targets).toContain('/legacy/Inode.asmx?WSDL');
      expect(targets).toContain('/legacy/Inode.asmx/GetAssetStubs?t=below');
    } finally {
      await below.close();
    }
  });
});
