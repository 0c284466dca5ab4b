// The two reverse-proxy recipes of deploy/nginx/, run by Debian's real nginx (unprivileged, on
// a free port, generated config): the register-then-read flow through each, plus their headers,
// the CSRF guard of the nginx-only recipe and the password of the in-front one.
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/server.ts';
import { ANSWER_CONTENT_SECURITY_POLICY } from '../../server/security-headers.ts';
import { expect, test } from '../fixtures.ts';
import { registerThenRead, smallBulkJob } from './flow.ts';
import {
  htpasswdLine,
  listenAt,
  recipe,
  startConsoleServer,
  startNginx,
  startStaticNginx,
  subPathBuild,
  SUB_PATH,
  type Running,
  type RunningConsoleServer,
} from './servers.ts';
import { startRecordingService, type RecordingService } from './stand-ins.ts';

const USER = 'operator';
const PASSWORD = 'correct horse battery staple';

test.describe('nginx alone (deploy/nginx/static.conf)', () => {
  let service: RunningEmulator;
  let nginx: Running;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const dist = subPathBuild();
    service = await startEmulator({ port: 0, db: ':memory:' });
    nginx = await startStaticNginx(dist, service.origin, {
      targets: [{ id: 'remote', label: 'Inode.asmx', kind: 'remote' }],
      defaultId: 'remote',
    });
  });
  test.afterAll(async () => {
    await nginx?.stop();
    await service?.close();
  });

  test('register then read through nginx, with the security headers', async ({ page }) => {
    const consoleUrl = `${nginx.origin}${SUB_PATH}`;
    const document = await page.request.get(`${consoleUrl}stubs`);
    expect(document.headers()['content-security-policy']).toContain("script-src 'self';");
    expect(document.headers()['referrer-policy']).toBe('no-referrer');
    expect(document.headers()['cache-control']).toBe('no-cache');
    const curl = await registerThenRead(page, consoleUrl);
    expect(curl).toContain(`${nginx.origin}/tools/inode/Inode.asmx`);
  });

  test('a bulk job sends its rows by plain fetch (no relay behind nginx alone), tries no relay, and finishes', async ({
    page,
  }) => {
    // The targets file offers no relay, so the page opens no WebSocket (nginx would answer the
    // handshake with the page, an error in the browser's console).
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    expect(await smallBulkJob(page, `${nginx.origin}${SUB_PATH}`)).toBe('direct');
    await expect(page.getByTestId('bulk-transport')).toHaveText(
      "Sending from this browser (one request per row): the console's host offers no relay.",
    );
    expect(sockets).toEqual([]);
  });

  test('refuses other sites, lets scripts through, explains an unreachable service', async ({
    request,
  }) => {
    const wsdl = `${nginx.origin}${SUB_PATH}Inode.asmx?WSDL`;
    const crossSite = await request.get(wsdl, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status()).toBe(403);
    expect(crossSite.headers()['x-frame-options']).toBe('DENY');
    const otherOrigin = await request.get(wsdl, { headers: { Origin: 'http://127.0.0.1:1' } });
    expect(otherOrigin.status()).toBe(403);
    const sameOrigin = await request.get(wsdl, { headers: { Origin: nginx.origin } });
    expect(sameOrigin.status()).toBe(200);
    expect((await request.get(wsdl)).status()).toBe(200);
    expect(
      (await request.get(`${nginx.origin}${SUB_PATH}Inode.asmx/../../etc/passwd`)).status(),
    ).not.toBe(200);
    await service.close();
    const down = await request.get(wsdl);
    expect(down.status()).toBe(502);
    expect(down.headers()['x-inode-console-error']).toBe('target-unreachable');
    service = await startEmulator({ port: Number(new URL(service.origin).port), db: ':memory:' });
  });
});

test.describe('nginx in front of npm start, basic auth (deploy/nginx/in-front.conf)', () => {
  let service: RecordingService;
  let server: RunningConsoleServer;
  let nginx: Running;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    service = await startRecordingService();
    // As the recipe says: the proxy's X-Forwarded-* believed, the access log on.
    server = await startConsoleServer(subPathBuild(), {
      INODE_TARGET: service.origin,
      INODE_TRUST_PROXY: 'on',
      INODE_ACCESS_LOG: 'on',
    });
    nginx = await startNginx(
      ({ dir, port }) =>
        recipe(
          'in-front.conf',
          {
            ...listenAt(port),
            'server 127.0.0.1:8080;': `server ${new URL(server.origin).host};`,
            '/etc/nginx/inode-console.htpasswd': join(dir, 'htpasswd'),
          },
          dir,
        ),
      { htpasswd: htpasswdLine(USER, PASSWORD) },
    );
  });
  test.afterAll(async () => {
    await nginx?.stop();
    await server?.stop();
    await service?.stop();
  });

  test('asks for a password: 401 without, wrong one refused; probes need none', async ({
    request,
  }) => {
    const refused = await request.get(`${nginx.origin}${SUB_PATH}stubs?unauthenticated-page`);
    expect(refused.status()).toBe(401);
    expect(refused.headers()['x-frame-options']).toBe('DENY');
    const wrong = await request.get(
      `${nginx.origin}${SUB_PATH}Inode.asmx/GetAssetStubs?unauthenticated-call`,
      { headers: { Authorization: `Basic ${Buffer.from(`${USER}:nope`).toString('base64')}` } },
    );
    expect(wrong.status()).toBe(401);
    expect((await request.get(`${nginx.origin}${SUB_PATH}healthz`)).status()).toBe(200);
    // Neither refused request reached the console server (its access log) nor the service.
    await expect.poll(() => server.stdout()).toContain('"path":"/tools/inode/healthz"');
    expect(server.stdout()).not.toContain('/tools/inode/stubs');
    expect(server.stdout()).not.toContain('GetAssetStubs');
    expect(service.seen).toHaveLength(0);
  });

  test('register then read through nginx and npm start, logged in', async ({ browser }) => {
    const context = await browser.newContext({
      httpCredentials: { username: USER, password: PASSWORD },
    });
    try {
      const page = await context.newPage();
      const document = await page.request.get(`${nginx.origin}${SUB_PATH}stubs`);
      expect(document.status()).toBe(200);
      expect(document.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await registerThenRead(page, `${nginx.origin}${SUB_PATH}`);
      // The relay's location passes the WebSocket upgrade (and the password) through.
      expect(await smallBulkJob(page, `${nginx.origin}${SUB_PATH}`)).toBe('relay');
      // The operator's password went no further than nginx; every answer has one CSP.
      expect(service.seen.length).toBeGreaterThan(20);
      for (const { headers } of service.seen) expect(headers.authorization).toBeUndefined();
      expect(
        document.headersArray().filter((h) => h.name.toLowerCase() === 'content-security-policy'),
      ).toHaveLength(1);
      // The service's answers are data: one CSP, the answer set's, which allows no script.
      const wsdl = await page.request.get(`${nginx.origin}${SUB_PATH}Inode.asmx?WSDL`);
      expect(wsdl.status()).toBe(200);
      const policies = wsdl
        .headersArray()
        .filter((h) => h.name.toLowerCase() === 'content-security-policy');
      expect(policies.map((h) => h.value)).toEqual([ANSWER_CONTENT_SECURITY_POLICY]);
      expect(wsdl.headers()['permissions-policy']).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
