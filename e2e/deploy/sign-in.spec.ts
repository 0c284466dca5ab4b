// deploy/nginx/sign-in.conf with Debian's real nginx: the console behind a single sign-on
// (auth_request to an identity-aware proxy, here a stand-in with oauth2-proxy's contract).
// Signed out, nothing reaches the console server or the service; signed in, the console works
// end to end in Chromium, and the sign-in cookie goes no further than nginx.
import { expect, test } from '../fixtures.ts';
import { registerThenRead } from './flow.ts';
import {
  listenAt,
  recipe,
  startConsoleServer,
  startNginx,
  subPathBuild,
  SUB_PATH,
  type RunningConsoleServer,
  type RunningNginx,
} from './servers.ts';
import {
  IDENTITY_COOKIE,
  startIdentityProxy,
  startRecordingService,
  type IdentityProxy,
  type RecordingService,
} from './stand-ins.ts';

let service: RecordingService;
let identity: IdentityProxy;
let server: RunningConsoleServer;
let nginx: RunningNginx;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  service = await startRecordingService();
  identity = await startIdentityProxy();
  server = await startConsoleServer(subPathBuild(), {
    INODE_TARGET: service.origin,
    INODE_TRUST_PROXY: 'on',
    INODE_ACCESS_LOG: 'on',
  });
  nginx = await startNginx(({ dir, port }) =>
    recipe(
      'sign-in.conf',
      {
        ...listenAt(port),
        'server 127.0.0.1:8080;': `server ${new URL(server.origin).host};`,
        'http://127.0.0.1:4180': identity.origin,
      },
      dir,
    ),
  );
});
test.afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
  await identity?.stop();
  await service?.stop();
});

test('signed out: the page shows the sign-in, a call gets a plain 401, nothing reaches the console', async ({
  request,
}) => {
  const page = await request.get(`${nginx.origin}${SUB_PATH}stubs?signed-out-page`, {
    maxRedirects: 0,
  });
  expect(await page.text()).toContain('Sign in with the company account');
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  const call = await request.post(`${nginx.origin}${SUB_PATH}Inode.asmx?signed-out-call`, {
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"x"' },
    data: '<soap:Envelope/>',
  });
  expect(call.status()).toBe(401);
  expect(await call.text()).toContain('Not signed in');
  expect(call.headers()['x-frame-options']).toBe('DENY');

  const forged = await request.get(`${nginx.origin}${SUB_PATH}__console/targets?forged-cookie`, {
    headers: { Cookie: `${IDENTITY_COOKIE}=guessed` },
  });
  expect(forged.status()).toBe(401);
  // The auth endpoint itself is nginx's to ask, not the world's.
  expect((await request.get(`${nginx.origin}/oauth2/auth`)).status()).toBe(404);

  expect(identity.authQuestions()).toBeGreaterThanOrEqual(3);
  expect((await request.get(`${nginx.origin}${SUB_PATH}healthz`)).status()).toBe(200);
  await expect.poll(() => server.stdout()).toContain('"path":"/tools/inode/healthz"');
  for (const probe of ['signed-out', 'forged-cookie', '/stubs', 'Inode.asmx', '__console'])
    expect(server.stdout()).not.toContain(probe);
  expect(service.seen).toHaveLength(0);
});

test('signed in through the sign-in page: register then read in Chromium; the cookie stops at nginx', async ({
  page,
}) => {
  const consoleUrl = `${nginx.origin}${SUB_PATH}`;
  await page.goto(`${consoleUrl}register`);
  await page.getByRole('link', { name: 'Sign in with the company account' }).click();
  await expect(page).toHaveURL(`${consoleUrl}register`);
  expect((await page.context().cookies()).map((c) => c.name)).toContain(IDENTITY_COOKIE);

  await registerThenRead(page, consoleUrl);

  expect(service.seen.length).toBeGreaterThan(0);
  for (const { headers } of service.seen) {
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain(identity.session);
  }
});
