import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { proxyToTarget } from './proxy.ts';
import { createTargetPool } from './target-pool.ts';
import type { RemoteTarget } from './targets.ts';

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A target answering after `delayMs`, counting the connections it accepted and saw close. */
async function slowTarget(delayMs: number) {
  const seen = { opened: 0, closed: 0 };
  const server = http.createServer((_req, res) => {
    setTimeout(() => res.end('answer'), delayMs);
  });
  server.keepAliveTimeout = 30_000;
  server.on('connection', (socket) => {
    seen.opened += 1;
    socket.on('close', () => (seen.closed += 1));
  });
  return { url: await listen(server), seen };
}

async function proxyTo(url: string, idleTimeoutMs: number) {
  const target: RemoteTarget = { id: 'slow', label: 'slow', kind: 'remote', url };
  const pool = createTargetPool(target, idleTimeoutMs);
  closers.push(() => void pool.destroy());
  const server = http.createServer((req, res) => proxyToTarget(req, res, target, { pool }));
  return { origin: await listen(server), pool };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the proxy keeps connections to a target alive, but not idle for long', () => {
  it('reuses a connection for calls in a row and closes it once idle past the timeout', async () => {
    const target = await slowTarget(0);
    const { origin, pool } = await proxyTo(target.url, 150);
    for (let i = 0; i < 3; i++)
      expect(await (await fetch(`${origin}/Inode.asmx`)).text()).toBe('answer');
    expect(target.seen.opened).toBe(1);
    await pause(600);
    // The proxy, not the target, closed the idle connection: no call can race the target's close.
    expect(target.seen.closed).toBe(1);
    expect(pool.stats.connected).toBe(0);
    expect(await (await fetch(`${origin}/Inode.asmx`)).text()).toBe('answer');
    expect(target.seen.opened).toBe(2);
  });

  it('lets a call in flight take longer than the idle timeout', async () => {
    const target = await slowTarget(500);
    const { origin } = await proxyTo(target.url, 100);
    const answer = await fetch(`${origin}/Inode.asmx`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('answer');
  });
});
