// The production entry point as a process (server/__fixtures__/server-process.ts): its access
// log never holds a key, and SIGTERM lets calls in flight finish.
import { rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soapRequest } from '../fixtures/soap-request.ts';
import { startEmulator, type RunningEmulator } from '../emulator/server.ts';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { fakeDist } from './__fixtures__/fake-dist.ts';
import { startServerProcess, type ServerProcess } from './__fixtures__/server-process.ts';

const NS = 'http://emulator.inode.example/';
const dist = fakeDist();
const DEMO_KEYS_PREFIX = '  emulator demo keys: ';

/** The server as a process, on the test's build. */
const startServer = (argv: string[], env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> =>
  startServerProcess(['--dist', dist, ...argv], env);

function soap(version: '1.1' | '1.2', operation: string, inner: string): RequestInit {
  return soapRequest(NS, version, operation, inner);
}

let remote: RunningEmulator;
beforeAll(async () => {
  remote = await startEmulator({ port: 0, db: ':memory:' });
});
afterAll(async () => {
  await remote.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('access log', () => {
  it('writes one JSON line per request and no key in any line, on all four bindings', async () => {
    const key = 'demo-alice-key';
    const server = await startServer(['--emulator', 'on', '--targets', `other=${remote.origin}`]);
    const form = `OpenIDKey=${key}&ServiceURI=https%3A%2F%2Flog.example%2Fa.png&MediaType=image`;
    const read = `OpenIDKey=${key}&AssetType=&OtherFilterCriteria=`;
    const calls: Array<[string, RequestInit]> = [];
    for (const target of ['emulator', 'other']) {
      const headers = { 'X-Inode-Target': target };
      const add = `<OpenIDKey>${key}</OpenIDKey><ServiceURI>https://log.example/b.png</ServiceURI><MediaType>image</MediaType>`;
      for (const init of [
        soap('1.1', 'AddUserAssetIndex', add),
        soap('1.2', 'GetAssetStubs', `<OpenIDKey>${key}</OpenIDKey>`),
      ]) {
        calls.push([`/Inode.asmx`, { ...init, headers: { ...init.headers, ...headers } }]);
      }
      calls.push([`/Inode.asmx/GetAssetStubs?${read}`, { headers }]);
      calls.push([`/Inode.asmx/AddUserAssetIndex?${form}`, { headers }]);
      calls.push([
        '/Inode.asmx/AddUserAssetIndex',
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
        },
      ]);
    }
    for (const [path, init] of calls) {
      const answer = await fetch(`${server.url}${path}`, init);
      expect(answer.status, `${init.method ?? 'GET'} ${path}`).toBe(200);
      expect(await answer.text()).not.toMatch(/soap:Fault|<faultcode>/);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The start-up line lists the emulator's demo keys on purpose; no other line may hold one.
    const lines = server.output().split('\n');
    for (const line of lines.filter((l) => !l.startsWith(DEMO_KEYS_PREFIX)))
      expect(line).not.toContain(key);
    const entries = lines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(calls.length);
    expect(entries[0]).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      method: 'POST',
      path: '/Inode.asmx',
      status: 200,
      durationMs: expect.any(Number),
      target: 'emulator',
      bytes: expect.any(Number),
    });
    expect(entries.map((e) => e.path)).toContain('/Inode.asmx/GetAssetStubs');
    expect(new Set(entries.map((e) => e.target))).toEqual(new Set(['emulator', 'other']));
    expect(entries.every((e) => (e.bytes as number) > 0)).toBe(true);
  });
});

describe('start-up', () => {
  async function startUpLines(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<string[]> {
    // The start-up text is written in one piece with the "listening on" line startServer waits for.
    const server = await startServer(argv, env);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    return server.output().split('\n');
  }

  it("INODE_EMULATOR=on prints the emulator's demo keys, as npm run dev does", async () => {
    const lines = await startUpLines([], { INODE_EMULATOR: 'on' });
    expect(lines).toContain(`${DEMO_KEYS_PREFIX}${DEMO_USERS.map((u) => u.openIdKey).join(', ')}`);
  });

  it('prints no demo keys when no emulator runs', async () => {
    const lines = await startUpLines(['--target', remote.origin]);
    expect(lines.some((line) => line.includes('demo keys'))).toBe(false);
    expect(lines.join('\n')).not.toContain(DEMO_USERS[0]!.openIdKey);
  });
});

describe('SIGTERM', () => {
  let slow: http.Server;
  let slowUrl: string;
  beforeAll(async () => {
    // A target that takes 800 ms to answer, or never answers /Inode.asmx/Hang.
    slow = http.createServer((req, res) => {
      if (req.url?.startsWith('/Inode.asmx/Hang')) return;
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'text/xml' });
        res.end('<slow>done</slow>');
      }, 800);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    slow.closeAllConnections();
    await new Promise((resolve) => slow.close(resolve));
  });

  it('stops accepting, lets the call in flight finish, and exits 0', async () => {
    const server = await startServer(['--target', slowUrl]);
    const inFlight = fetch(`${server.url}/Inode.asmx?WSDL`).then(async (r) => [
      r.status,
      await r.text(),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(await inFlight).toEqual([200, '<slow>done</slow>']);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM');
  });

  it('gives up on a call that outlives the shutdown timeout and still exits 0', async () => {
    const server = await startServer(['--target', slowUrl, '--shutdown-timeout-ms', '400']);
    const hung = fetch(`${server.url}/Inode.asmx/Hang`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(performance.now() - stopped).toBeLessThan(5_000);
    expect(await hung).toBeInstanceOf(Error);
  });
});
