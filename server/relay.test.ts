// The bulk job's WebSocket relay, end to end: the page's transport (src/relay/relay-fetch.ts)
// over a real WebSocket (the `ws` client, standing in for the browser's) to the console stack,
// which forwards to a real emulator (remote, on port 0) or the embedded one, on all four
// bindings; cancellation, a closed socket, the limits, the origin rules and the access log.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BINDING_NAMES, createInodeClient } from '../src/protocol/index.ts';
import { openRelay, relayUrl, type RelaySocket } from '../src/relay/relay-fetch.ts';
import { encodeFrame, RELAY_MAX_CALLS_IN_FLIGHT } from '../src/relay/relay-frame.ts';
import { encodeBatch } from '../src/relay/frame-batch.ts';
import { RELAY_CLOSE } from '../src/relay/relay-close.ts';
import { startEmulator, type RunningEmulator } from '../emulator/server.ts';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { receivedFrames } from './__fixtures__/relay-messages.ts';
import { createConsoleStack, type ConsoleStack } from './console-stack.ts';

const KEY = DEMO_USERS[2]?.openIdKey ?? 'demo-empty-key';
const BODY_LIMIT = 256 * 1024;

let emulator: RunningEmulator;
let stack: ConsoleStack;
let server: http.Server;
let origin: string;
const logLines: string[] = [];
/** The slow target: holds every call; resolves when the relay's connection to it closes. */
let slow: http.Server;
const slowClosed: Array<() => void> = [];
let slowSeen = 0;

const noFallback: typeof fetch = () => Promise.reject(new Error('the relay was not used'));

function connectAs(pageOrigin: string | null): (url: string) => RelaySocket {
  return (url) =>
    new WebSocket(url, pageOrigin === null ? {} : { origin: pageOrigin }) as unknown as RelaySocket;
}

function listen(s: http.Server): Promise<number> {
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, db: ':memory:' });
  slow = http.createServer((req, res) => {
    slowSeen += 1;
    req.resume();
    res.on('close', () => slowClosed.shift()?.());
  });
  const slowPort = await listen(slow);
  stack = createConsoleStack({
    targets: {
      targets: [
        { id: 'remote', label: 'remote', kind: 'remote', url: emulator.origin },
        { id: 'slow', label: 'slow', kind: 'remote', url: `http://127.0.0.1:${slowPort}` },
        { id: 'emulator', label: 'embedded', kind: 'emulator' },
      ],
      defaultId: 'remote',
    },
    basePath: '/',
    allowedHosts: [],
    proxy: { maxBodyBytes: BODY_LIMIT },
    loadEmulator: async () => {
      const { createEmulatorHandler } = await import('../emulator/handler.ts');
      return createEmulatorHandler({ db: ':memory:' });
    },
    log: (line) => logLines.push(line),
  });
  await stack.ready;
  server = http.createServer((req, res) => stack.middleware(req, res, () => res.end()));
  server.on('upgrade', (req, socket, head: Buffer) => {
    if (!stack.upgrade(req, socket, head)) socket.destroy();
  });
  origin = `http://127.0.0.1:${await listen(server)}`;
});

afterAll(async () => {
  await stack.close();
  server.closeAllConnections();
  slow.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => slow.close(resolve));
  await emulator.close();
});

/** A relay whose plain-fetch way answers "direct" and counts its calls. */
async function relayCountingDirect() {
  let direct = 0;
  const relay = await openRelay(relayUrl(origin), {
    fallback: () => {
      direct += 1;
      return Promise.resolve(new Response('direct'));
    },
    connect: connectAs(origin),
  });
  return { relay, directCalls: () => direct };
}

function withTarget(base: typeof fetch, target: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('X-Inode-Target', target);
    return base(input, { ...init, headers });
  };
}

describe('the WebSocket relay', () => {
  it.each(BINDING_NAMES)(
    'registers and reads back over %s on the remote and the embedded emulator, key never logged',
    async (binding) => {
      const relay = await openRelay(relayUrl(origin), {
        fallback: noFallback,
        connect: connectAs(origin),
      });
      expect(relay.transport()).toEqual({ kind: 'relay' });
      try {
        for (const target of ['remote', 'emulator']) {
          const client = createInodeClient({
            baseUrl: origin,
            binding,
            timeoutMs: 10_000,
            fetch: withTarget(relay.fetch, target),
          });
          const uri = `https://relay.example/${binding}/${target}.png`;
          const id = await client.addUserAssetIndex({
            OpenIDKey: KEY,
            ServiceURI: uri,
            MediaType: 'image',
          });
          expect(id.value).not.toMatch(/^ERROR/);
          const stubs = await client.getAssetStubs({
            OpenIDKey: KEY,
            AssetType: '',
            OtherFilterCriteria: '',
          });
          expect(stubs.record.DataStubs).toContain(uri);
        }
      } finally {
        relay.close();
      }
      const relayed = logLines.filter((line) => line.includes('"target":"emulator"'));
      expect(relayed.length).toBeGreaterThan(0);
      expect(logLines.some((line) => line.includes('"target":"remote"'))).toBe(true);
      for (const line of logLines) expect(line).not.toContain(KEY);
    },
  );

  it('answers an HTTP error (unknown target) as the HTTP route does', async () => {
    const relay = await openRelay(relayUrl(origin), {
      fallback: noFallback,
      connect: connectAs(origin),
    });
    const answer = await relay.fetch(`${origin}/Inode.asmx`, {
      method: 'POST',
      headers: { 'X-Inode-Target': 'nowhere', 'Content-Type': 'text/xml' },
      body: '<x/>',
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('x-inode-console-error')).toBe('unknown-target');
    expect(await answer.text()).toContain('Unknown Inode target "nowhere"');
    relay.close();
  });

  it('cancels a call: the target connection closes, the caller gets its abort reason', async () => {
    const relay = await openRelay(relayUrl(origin), {
      fallback: noFallback,
      connect: connectAs(origin),
    });
    const closed = new Promise<void>((resolve) => slowClosed.push(resolve));
    const seenBefore = slowSeen;
    const controller = new AbortController();
    const call = relay.fetch(`${origin}/Inode.asmx/AddUserAssetIndex`, {
      method: 'POST',
      headers: { 'X-Inode-Target': 'slow' },
      body: 'OpenIDKey=k',
      signal: controller.signal,
    });
    await expect.poll(() => slowSeen).toBe(seenBefore + 1);
    controller.abort(new Error('stopped by the test'));
    await expect(call).rejects.toThrow('stopped by the test');
    await closed;
    relay.close();
  });

  it('aborts every call in flight when the socket closes, and sends later calls directly', async () => {
    const { relay, directCalls } = await relayCountingDirect();
    const closed = [1, 2, 3].map(() => new Promise<void>((resolve) => slowClosed.push(resolve)));
    const seenBefore = slowSeen;
    const calls = [1, 2, 3].map(() =>
      relay.fetch(`${origin}/Inode.asmx`, {
        method: 'POST',
        headers: { 'X-Inode-Target': 'slow' },
        body: '<x/>',
      }),
    );
    await expect.poll(() => slowSeen).toBe(seenBefore + 3);
    relay.close();
    for (const call of calls) await expect(call).rejects.toThrow(TypeError);
    await Promise.all(closed);
    expect(relay.transport().kind).toBe('direct');
    expect(await (await relay.fetch(`${origin}/Inode.asmx`)).text()).toBe('direct');
    expect(directCalls()).toBe(1);
  });

  it(`refuses more than ${RELAY_MAX_CALLS_IN_FLIGHT} calls in flight, and messages over the body limit`, async () => {
    const ws = new WebSocket(relayUrl(origin), { origin });
    await new Promise((resolve) => ws.once('open', resolve));
    const failures: unknown[] = [];
    ws.on('message', (data: Buffer) => {
      for (const { head } of receivedFrames(data)) failures.push(head);
    });
    const closedSlow = Array.from(
      { length: RELAY_MAX_CALLS_IN_FLIGHT },
      () => new Promise<void>((resolve) => slowClosed.push(resolve)),
    );
    for (let id = 1; id <= RELAY_MAX_CALLS_IN_FLIGHT + 1; id++) {
      ws.send(
        encodeFrame({
          id,
          method: 'POST',
          url: '/Inode.asmx',
          headers: { 'x-inode-target': 'slow' },
        }),
      );
    }
    await expect.poll(() => failures.length).toBe(1);
    expect(failures[0]).toMatchObject({ id: RELAY_MAX_CALLS_IN_FLIGHT + 1, notSent: true });
    const closeCode = new Promise<number>((resolve) => ws.once('close', resolve));
    ws.send(
      encodeFrame(
        { id: 999, method: 'POST', url: '/Inode.asmx', headers: {} },
        new Uint8Array(BODY_LIMIT + 70 * 1024),
      ),
    );
    expect(await closeCode).toBe(1009);
    // Closing the socket aborted the 64 held calls.
    await Promise.all(closedSlow);
  });

  it('sends the calls made in one task as one message, each answered with its own', async () => {
    const sent: number[] = [];
    const relay = await openRelay(relayUrl(origin), {
      fallback: noFallback,
      connect: (url) => {
        const ws = new WebSocket(url, { origin });
        const send = ws.send.bind(ws);
        ws.send = ((data: Uint8Array) => {
          sent.push(data.byteLength);
          send(data);
        }) as typeof ws.send;
        return ws as unknown as RelaySocket;
      },
    });
    const client = createInodeClient({
      baseUrl: origin,
      binding: 'soap11',
      timeoutMs: 10_000,
      fetch: withTarget(relay.fetch, 'emulator'),
    });
    // The first call also reads the service's WSDL (its namespace): a message of its own.
    await client.addUserAssetIndex({
      OpenIDKey: KEY,
      ServiceURI: 'https://one-task.example/first.png',
      MediaType: 'image',
    });
    sent.length = 0;
    const uris = Array.from({ length: 12 }, (_, n) => `https://one-task.example/${n}.png`);
    const ids = await Promise.all(
      uris.map((uri) =>
        client.addUserAssetIndex({ OpenIDKey: KEY, ServiceURI: uri, MediaType: 'image' }),
      ),
    );
    relay.close();
    expect(sent).toHaveLength(1);
    expect(new Set(ids.map((id) => id.value)).size).toBe(uris.length);
  });

  it('answers each call of a batch with its own answer, and closes on a batch holding a non-frame', async () => {
    const ws = new WebSocket(relayUrl(origin), { origin });
    await new Promise((resolve) => ws.once('open', resolve));
    const answers = new Map<number, string>();
    let messages = 0;
    ws.on('message', (data: Buffer) => {
      messages += 1;
      for (const { head, body } of receivedFrames(data)) answers.set(Number(head.id), body);
    });
    const ids = Array.from({ length: 20 }, (_, n) => n + 1);
    ws.send(
      encodeBatch(
        ids.map((id) =>
          encodeFrame(
            {
              id,
              method: 'POST',
              url: '/Inode.asmx/AddUserAssetIndex',
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                'x-inode-target': 'emulator',
              },
            },
            new TextEncoder().encode(
              `OpenIDKey=${KEY}&ServiceURI=${encodeURIComponent(`https://batch.example/${id}`)}&MediaType=image`,
            ),
          ),
        ),
      ),
    );
    await expect.poll(() => answers.size).toBe(ids.length);
    // Each call got an answer of its own: no two alike.
    const registered = ids.map((id) => /<string[^>]*>([^<]*)</.exec(answers.get(id) ?? '')?.[1]);
    expect(new Set(registered).size).toBe(ids.length);
    expect(registered.every((value) => value !== undefined && !value.startsWith('ERROR'))).toBe(
      true,
    );
    expect(messages).toBeLessThanOrEqual(ids.length);
    const closeCode = new Promise<number>((resolve) => ws.once('close', resolve));
    ws.send(encodeBatch([encodeFrame({ cancel: 999 }), new TextEncoder().encode('\0\0\0\x02{}x')]));
    expect(await closeCode).toBe(RELAY_CLOSE.notRelayMessage);
  });

  it('refuses a call to anything but the service', async () => {
    const relay = await openRelay(relayUrl(origin), {
      fallback: () => Promise.resolve(new Response('sent directly')),
      connect: connectAs(origin),
    });
    // Nothing was forwarded, so the transport sends it the plain way (where the HTTP guards apply).
    const answer = await relay.fetch(`${origin}/__console/targets`);
    expect(await answer.text()).toBe('sent directly');
    relay.close();
  });

  it.each([
    ['another site', 'http://evil.example', 'Origin: http://evil.example'],
    ['no Origin header', null, 'no Origin header'],
  ])(
    'refuses an upgrade from %s with 403, and the page sends directly',
    async (_name, from, why) => {
      const refused = await new Promise<{ status: number | undefined; body: string }>((resolve) => {
        const ws = new WebSocket(relayUrl(origin), from === null ? {} : { origin: from });
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        });
        ws.on('error', () => undefined);
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toContain(why);
      const relay = await openRelay(relayUrl(origin), {
        fallback: noFallback,
        connect: connectAs(from),
      });
      expect(relay.transport()).toMatchObject({ kind: 'direct' });
    },
  );

  it('refuses an upgrade for a Host it does not answer to', async () => {
    const status = await new Promise<number | undefined>((resolve) => {
      const ws = new WebSocket(relayUrl(origin), {
        origin: 'http://rebound.example',
        headers: { Host: 'rebound.example' },
      });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(403);
  });
});

describe('draining the relay (SIGTERM)', () => {
  it('answers the calls in flight, sends new ones directly, then closes the socket (1001)', async () => {
    const handler = await stack.emulator;
    handler?.setFaultInjection({ latencyMs: 300, errorShare: 0, truncateShare: 0, resetShare: 0 });
    const { relay, directCalls } = await relayCountingDirect();
    const discovering = createInodeClient({
      baseUrl: origin,
      binding: 'soap11',
      timeoutMs: 10_000,
      fetch: withTarget(relay.fetch, 'emulator'),
    });
    // Learnt before the drain, so the call below is the one in flight.
    const namespace = await discovering.namespace();
    const client = createInodeClient({
      baseUrl: origin,
      binding: 'soap11',
      timeoutMs: 10_000,
      namespace,
      fetch: withTarget(relay.fetch, 'emulator'),
    });
    const inFlight = client.addUserAssetIndex({
      OpenIDKey: KEY,
      ServiceURI: 'https://relay.example/drain.png',
      MediaType: 'image',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drained = stack.relay.drain();
    const later = await relay.fetch(`${origin}/Inode.asmx`, { method: 'POST', body: '<x/>' });
    expect(await later.text()).toBe('direct');
    expect((await inFlight).value).not.toMatch(/^ERROR/);
    await drained;
    expect(relay.transport()).toMatchObject({ kind: 'direct' });
    expect(directCalls()).toBe(1);
    handler?.setFaultInjection(null);
  });
});
