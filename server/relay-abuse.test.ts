// The relay under abuse (issue 21, docs/security.md "Relay limits"): smuggling through a relayed
// message, many sockets from one address, huge answers, a page that stops reading, a page that
// stops answering pings, and thousands of calls that each get their own answer. The target is a
// raw TCP server that parses and counts every request it is sent, so a second request hidden in
// a body would be seen. Figures (RSS, counts, times) are printed for docs/security.md.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openRelay, relayUrl, type RelaySocket } from '../src/relay/relay-fetch.ts';
import { encodeFrame } from '../src/relay/relay-frame.ts';
import { RELAY_CLOSE } from '../src/relay/relay-close.ts';
import { receivedFrames, type ReceivedFrame } from './__fixtures__/relay-messages.ts';
import { createConsoleStack, type ConsoleStack } from './console-stack.ts';
import { rssMb } from './hardening/harness.ts';
import { createRelay, type Relay } from './relay.ts';
import type { RelayLimits } from './relay-limits.ts';

const MiB = 1024 * 1024;

/** Every request line the target parsed (method and path), in order. */
const parsed: string[] = [];
let targetConnectionsClosed = 0;
let target: net.Server;
let stack: ConsoleStack;
const servers: { server: http.Server; relay: Relay }[] = [];

/**
 * A keep-alive HTTP/1.1 target that frames requests by Content-Length only (what the relay
 * promises to send) and answers `GET|POST /Inode.asmx?n=<id>&size=<bytes>` with a body that
 * starts with `n=<id>;` and is padded to `size` bytes.
 */
function rawTarget(): net.Server {
  return net.createServer((socket) => {
    let pending = Buffer.alloc(0);
    socket.on('close', () => (targetConnectionsClosed += 1));
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = pending.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? '0');
        if (pending.length < end + 4 + length) return;
        pending = pending.subarray(end + 4 + length);
        const line = head.split('\r\n')[0] ?? '';
        parsed.push(line);
        const query = new URLSearchParams(line.split(' ')[1]?.split('?')[1] ?? '');
        const mark = `n=${query.get('n') ?? '?'};`;
        const size = Math.max(mark.length, Number(query.get('size') ?? '0'));
        socket.write(
          `HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: ${size}\r\n\r\n${mark}`,
        );
        writePadding(socket, size - mark.length);
      }
    });
  });
}

const PADDING = Buffer.alloc(64 * 1024, 'x');

/** Writes `bytes` of padding as the socket drains, so the target itself holds little. */
function writePadding(socket: net.Socket, bytes: number): void {
  let left = bytes;
  const more = (): void => {
    while (left > 0 && !socket.destroyed) {
      const chunk = PADDING.subarray(0, Math.min(left, PADDING.length));
      left -= chunk.length;
      if (!socket.write(chunk)) {
        socket.once('drain', more);
        return;
      }
    }
  };
  more();
}

async function listen(server: net.Server | http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A console server whose relay has these limits (the rest default); its origin. */
async function consoleWithRelay(limits: Partial<RelayLimits>): Promise<string> {
  const relay = createRelay({
    basePath: '/',
    isAllowedHost: () => true,
    dispatch: stack.middleware,
    maxBodyBytes: MiB,
    limits,
  });
  const server = http.createServer((req, res) => stack.middleware(req, res, () => res.end()));
  server.on('upgrade', (req, socket, head: Buffer) => {
    if (!relay.upgrade(req, socket, head)) socket.destroy();
  });
  servers.push({ server, relay });
  return `http://127.0.0.1:${await listen(server)}`;
}

function open(origin: string, options: WebSocket.ClientOptions = {}): Promise<WebSocket> {
  const ws = new WebSocket(relayUrl(origin), { origin, ...options });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
}

/** The heads the socket receives (alone or batched), by call id. */
function collect(ws: WebSocket): Map<number, ReceivedFrame> {
  const answers = new Map<number, ReceivedFrame>();
  ws.on('message', (data: Buffer) => {
    for (const frame of receivedFrames(data)) answers.set(Number(frame.head.id), frame);
  });
  return answers;
}

function call(
  ws: WebSocket,
  id: number,
  init: { method?: string; query?: string; body?: string; headers?: Record<string, string> } = {},
): void {
  ws.send(
    encodeFrame(
      {
        id,
        method: init.method ?? 'GET',
        url: `/Inode.asmx?n=${id}${init.query ?? ''}`,
        headers: init.headers ?? {},
      },
      new TextEncoder().encode(init.body ?? ''),
    ),
  );
}

beforeAll(async () => {
  target = rawTarget();
  const port = await listen(target);
  stack = createConsoleStack({
    targets: {
      targets: [{ id: 'raw', label: 'raw', kind: 'remote', url: `http://127.0.0.1:${port}` }],
      defaultId: 'raw',
    },
    basePath: '/',
    allowedHosts: [],
    proxy: { maxBodyBytes: MiB },
    loadEmulator: () => Promise.reject(new Error('no emulator here')),
  });
  await stack.ready;
});

afterAll(async () => {
  for (const { server, relay } of servers) {
    relay.terminate();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await stack.close();
  await new Promise((resolve) => target.close(resolve));
});

const SMUGGLED = 'GET /secret/other HTTP/1.1\r\nHost: inode.internal\r\n\r\n';

describe('relayed calls reach the target as exactly one request each', () => {
  it.each([
    ['GET with a body holding a request', { method: 'GET', body: SMUGGLED }],
    ['HEAD with a body', { method: 'HEAD', body: SMUGGLED }],
    ['DELETE with a body', { method: 'DELETE', body: SMUGGLED }],
    ['OPTIONS with a body', { method: 'OPTIONS', body: SMUGGLED }],
    ['a header value with CRLF', { headers: { 'x-note': `a\r\n\r\n${SMUGGLED}` } }],
    ['a header name with a colon', { headers: { 'x-a: b\r\nx-c': 'd' } }],
    ['a path with CRLF', { query: ` HTTP/1.1\r\n\r\n${SMUGGLED}` }],
    ['a method with a space', { method: 'GET /secret/other HTTP/1.1\r\n\r\nGET' }],
  ])('refuses %s before sending, in the console’s words', async (_name, init) => {
    const origin = await consoleWithRelay({});
    const ws = await open(origin);
    const answers = collect(ws);
    const before = parsed.length;
    call(ws, 1, init);
    await expect
      .poll(() => answers.get(1)?.head)
      .toMatchObject({ id: 1, notSent: true, refused: true });
    expect(String(answers.get(1)?.head.error)).toMatch(/not sent|carries only/);
    // The next call on the same socket is answered with its own answer, and nothing else arrived.
    call(ws, 2);
    await expect.poll(() => answers.get(2)?.body).toBe('n=2;');
    expect(parsed.slice(before)).toEqual(['GET /Inode.asmx?n=2 HTTP/1.1']);
    ws.close();
  });

  it.each([
    ['POST whose body holds a request', {}],
    [
      'POST claiming chunked, body ending a chunk then a request',
      { 'transfer-encoding': 'chunked' },
    ],
    ['POST claiming a short Content-Length', { 'content-length': '0' }],
  ])('forwards a %s as one request framed by its own length', async (_name, headers) => {
    const origin = await consoleWithRelay({});
    const ws = await open(origin);
    const answers = collect(ws);
    const before = parsed.length;
    call(ws, 1, { method: 'POST', body: `0\r\n\r\n${SMUGGLED}`, headers });
    call(ws, 2);
    await expect.poll(() => answers.get(2)?.body).toBe('n=2;');
    expect(answers.get(1)?.body).toBe('n=1;');
    expect(parsed.slice(before).sort()).toEqual([
      'GET /Inode.asmx?n=2 HTTP/1.1',
      'POST /Inode.asmx?n=1 HTTP/1.1',
    ]);
    ws.close();
  });
});

describe('relay limits', () => {
  it('caps sockets per address and in all, with a close code the page tells in its words; the others are still served', async () => {
    const origin = await consoleWithRelay({ maxSockets: 6, maxSocketsPerAddress: 3 });
    const mine = await Promise.all([open(origin), open(origin), open(origin)]);
    const fourth = await open(origin);
    expect(await closed(fourth)).toEqual({
      code: RELAY_CLOSE.addressFull,
      reason: 'at most 3 per address',
    });
    const page = await openRelay(relayUrl(origin), {
      fallback: () => Promise.resolve(new Response('sent directly')),
      connect: (url) => new WebSocket(url, { origin }) as unknown as RelaySocket,
    });
    await expect.poll(() => page.transport()).toMatchObject({ kind: 'direct' });
    expect(page.transport()).toMatchObject({
      reason: expect.stringContaining(
        'this computer already has as many bulk relay connections',
      ) as unknown,
    });
    const others = await Promise.all(
      ['127.0.0.2', '127.0.0.2', '127.0.0.2'].map((localAddress) => open(origin, { localAddress })),
    );
    const overServer = await open(origin, { localAddress: '127.0.0.3' });
    expect((await closed(overServer)).code).toBe(RELAY_CLOSE.serverFull);
    // 200 refused attempts later, the admitted sockets still get their own answers.
    const refused = await Promise.all(Array.from({ length: 200 }, () => open(origin).then(closed)));
    expect(new Set(refused.map((r) => r.code))).toEqual(new Set([RELAY_CLOSE.serverFull]));
    for (const [index, ws] of [...mine, ...others].entries()) {
      const answers = collect(ws);
      call(ws, index + 1);
      await expect.poll(() => answers.get(index + 1)?.body).toBe(`n=${index + 1};`);
      ws.close();
    }
    // Closed sockets free their place.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await open(origin);
    const answers = collect(again);
    call(again, 7);
    await expect.poll(() => answers.get(7)?.body).toBe('n=7;');
    again.close();
    console.info(
      `[relay-abuse] sockets: 6 admitted (3 per address), 203 refused with 4001/4002, all admitted still answered`,
    );
  });

  it('fails an answer larger than the cap, closes that target connection, and keeps the socket', async () => {
    const origin = await consoleWithRelay({ maxAnswerBytes: MiB });
    const page = await openRelay(relayUrl(origin), {
      fallback: () => Promise.reject(new Error('not relayed')),
      connect: (url) => new WebSocket(url, { origin }) as unknown as RelaySocket,
    });
    const rssBefore = rssMb();
    const closedBefore = targetConnectionsClosed;
    const huge = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        page.fetch(`${origin}/Inode.asmx?n=${n}&size=${64 * MiB}`),
      ),
    );
    const rssAfter = rssMb();
    for (const result of huge) {
      expect(result.status).toBe('rejected');
      expect(String((result as PromiseRejectedResult).reason)).toContain(
        'The console server lost the call: the answer is larger than the relay carries (1048576 bytes',
      );
    }
    await expect.poll(() => targetConnectionsClosed - closedBefore).toBe(20);
    const small = await page.fetch(`${origin}/Inode.asmx?n=99`);
    expect(await small.text()).toBe('n=99;');
    expect(page.transport()).toEqual({ kind: 'relay' });
    page.close();
    console.info(
      `[relay-abuse] huge answers: 20 × 64 MiB asked, each cut at 1 MiB; RSS ${rssBefore} → ${rssAfter} MiB`,
    );
    expect(rssAfter - rssBefore).toBeLessThan(200);
  });

  it('stops reading a page that does not read (bufferedAmount); every call then gets its own answer', async () => {
    const origin = await consoleWithRelay({ highWaterBytes: MiB });
    const ws = await open(origin);
    const answers = collect(ws);
    const waves = 30;
    const calls = waves * 64;
    const size = 256 * 1024;
    const before = parsed.length;
    const rssBefore = rssMb();
    ws.pause();
    // The most a page may have in flight, sent again every 50 ms without reading a single answer:
    // without back-pressure each wave is forwarded and its 16 MiB of answers queued here.
    for (let wave = 0; wave < waves; wave++) {
      for (let n = 1; n <= 64; n++) call(ws, wave * 64 + n, { query: `&size=${size}` });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const forwardedWhilePaused = parsed.length - before;
    const rssPaused = rssMb();
    ws.resume();
    await expect.poll(() => answers.size, { timeout: 30_000 }).toBe(calls);
    const rssAfter = rssMb();
    let answered = 0;
    for (let id = 1; id <= calls; id++) {
      const { head, body } = answers.get(id) ?? { head: {}, body: '' };
      if (head.status === 200) {
        answered += 1;
        expect(body.startsWith(`n=${id};`)).toBe(true);
        expect(body.length).toBe(size);
      } else {
        // Read in a burst once the page reads again: over the per-socket limit, not sent.
        expect(head).toMatchObject({
          notSent: true,
          error: expect.stringContaining('calls in flight') as unknown,
        });
      }
    }
    console.info(
      `[relay-abuse] slow reader: ${calls} calls × 256 KiB sent in waves of 64 without reading; forwarded while not reading ${forwardedWhilePaused} (${(forwardedWhilePaused * size) / MiB} MiB); RSS ${rssBefore} → ${rssPaused} (not reading) → ${rssAfter} MiB (read); ${answered} answered, ${calls - answered} refused unsent (over 64 in flight), none lost or mixed`,
    );
    expect(forwardedWhilePaused).toBeLessThan(calls / 4);
    expect(answered).toBe(parsed.length - before);
    expect(rssPaused - rssBefore).toBeLessThan(150);
    ws.close();
  });

  it('closes a page that stops answering pings (4003), and keeps one that answers', async () => {
    const origin = await consoleWithRelay({ idleTimeoutMs: 300 });
    const silent = await open(origin, { autoPong: false });
    const live = await open(origin);
    const started = Date.now();
    const silentClosed = await closed(silent);
    const afterMs = Date.now() - started;
    expect(silentClosed).toEqual({ code: RELAY_CLOSE.idle, reason: 'no answer for 300 ms' });
    expect(afterMs).toBeGreaterThanOrEqual(250);
    expect(afterMs).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(live.readyState).toBe(WebSocket.OPEN);
    live.close();
    console.info(`[relay-abuse] idle peer: closed 4003 after ${afterMs} ms (idle timeout 300 ms)`);
  });
});
