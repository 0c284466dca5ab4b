// The nginx recipes' hardening, with Debian's real nginx on deploy/nginx/static.conf: unknown
// Host names get no answer, the access and error logs never hold a query string or a key,
// nginx's own answers (413, 429, 502) carry the security headers, connections per address are
// capped.
import net from 'node:net';
import { DEMO_KEY, expect, test } from '../fixtures.ts';
import { startStaticNginx, subPathBuild, SUB_PATH, type RunningNginx } from './servers.ts';
import { startRecordingService, type RecordingService } from './stand-ins.ts';
import { ANSWER_HEADER_PATTERNS } from '../../server/__fixtures__/security-header-patterns.ts';

let service: RecordingService;
let nginx: RunningNginx;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dist = subPathBuild();
  service = await startRecordingService();
  nginx = await startStaticNginx(dist, service.origin, { targets: [], defaultId: 'remote' });
});
test.afterAll(async () => {
  await nginx?.stop();
  await service?.stop();
});

/** Sends `head` (and keeps the socket open); resolves with what came back until nginx closed. */
function rawExchange(head: string): Promise<string> {
  const { port } = new URL(nginx.origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(head));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.setTimeout(15_000, () => socket.destroy(new Error('nginx neither answered nor closed')));
  });
}

/** The answer set: what nginx puts on the service's calls, its own refusals there included. */
function expectSecurityHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(ANSWER_HEADER_PATTERNS))
    expect(headers[name], name).toMatch(value);
}

test('an unknown Host name gets no answer at all (444), the console name is served', async () => {
  const rebound = await rawExchange(
    'GET /tools/inode/ HTTP/1.1\r\nHost: rebind.attacker.example\r\nConnection: close\r\n\r\n',
  );
  expect(rebound).toBe('');
  const missing = await rawExchange('GET /tools/inode/ HTTP/1.0\r\n\r\n');
  expect(missing).toBe('');
  const served = await rawExchange(
    'GET /tools/inode/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
  );
  expect(served).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
});

test('the access log of an HTTP GET binding call holds neither the query nor the OpenIDKey', async ({
  request,
}) => {
  const path = `${SUB_PATH}Inode.asmx/GetAssetStubs`;
  const answer = await request.get(
    `${nginx.origin}${path}?OpenIDKey=${DEMO_KEY}&AssetType=&OtherFilterCriteria=`,
  );
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain('_Inode');
  // The call did reach the service, query and key included: only the log leaves them out.
  expect(service.seen.at(-1)?.url).toContain(`OpenIDKey=${DEMO_KEY}`);
  await expect.poll(() => nginx.accessLog()).toContain(`"GET ${path} HTTP/1.1" 200 `);
  const log = nginx.accessLog();
  expect(log).not.toContain(DEMO_KEY);
  expect(log).not.toContain('?');
  expect(log).not.toContain('OpenIDKey');
});

test('nginx-made 413 and 502 carry the security headers; the error log keeps no key', async ({
  request,
}) => {
  const tooLarge = await request.post(`${nginx.origin}${SUB_PATH}Inode.asmx`, {
    headers: { 'Content-Type': 'text/xml; charset=utf-8' },
    data: Buffer.alloc(11 * 1024 * 1024, 0x20),
  });
  expect(tooLarge.status()).toBe(413);
  expectSecurityHeaders(tooLarge.headers());

  const port = Number(new URL(service.origin).port);
  await service.stop();
  try {
    const down = await request.get(
      `${nginx.origin}${SUB_PATH}Inode.asmx/GetAssetStubs?OpenIDKey=${DEMO_KEY}&AssetType=`,
    );
    expect(down.status()).toBe(502);
    expect(down.headers()['x-inode-console-error']).toBe('target-unreachable');
    expectSecurityHeaders(down.headers());
    await expect.poll(() => nginx.accessLog()).toContain(' 502 ');
    expect(nginx.errorLog()).not.toContain(DEMO_KEY);
    expect(nginx.accessLog()).not.toContain(DEMO_KEY);
  } finally {
    service = await startRecordingService(port);
  }
});

test('connections per address are capped: the 33rd request in progress gets 429, with headers', async () => {
  const { port } = new URL(nginx.origin);
  // Each holds a request in progress: headers sent, body announced but not sent.
  const holders = await Promise.all(
    Array.from(
      { length: 32 },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(Number(port), '127.0.0.1', () => {
            socket.write(
              `POST ${SUB_PATH}Inode.asmx HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\nContent-Length: 100\r\n\r\n`,
            );
            resolve(socket);
          });
          socket.on('error', reject);
        }),
    ),
  );
  try {
    // nginx counts a connection once it has read its request's headers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const refused = await rawExchange(
      `GET ${SUB_PATH}Inode.asmx?WSDL HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(refused).toMatch(/^HTTP\/1\.1 429 /);
    expect(refused).toMatch(/\r\nX-Frame-Options: DENY\r\n/);
    expect(refused).toMatch(/\r\nContent-Security-Policy: [^\r]*frame-ancestors 'none'/);
  } finally {
    for (const socket of holders) socket.destroy();
  }
  await expect
    .poll(async () =>
      (
        await rawExchange(
          `GET ${SUB_PATH}Inode.asmx?WSDL HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
        )
      ).slice(0, 15),
    )
    .toBe('HTTP/1.1 200 OK');
});
