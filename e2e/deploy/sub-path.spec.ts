// The console built and served under /tools/inode/ by the production server: routes, assets,
// workers, the proxy, deep links and "Copy as curl" all below the sub-path.
import { execFileSync } from 'node:child_process';
import { expect, test } from '../fixtures.ts';
import { registerThenRead } from './flow.ts';
import { startConsoleServer, subPathBuild, SUB_PATH, type Running } from './servers.ts';

let server: Running;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startConsoleServer(subPathBuild(), {
    INODE_EMULATOR: 'on',
    INODE_EMULATOR_DB: ':memory:',
  });
});
test.afterAll(() => server.stop());

test('under a sub-path: register then read, deep links, and a curl command that works', async ({
  page,
}) => {
  const consoleUrl = `${server.origin}${SUB_PATH}`;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));

  const curl = await registerThenRead(page, consoleUrl);
  expect(curl).toContain(`'${server.origin}/tools/inode/Inode.asmx'`);
  const curlBody = execFileSync('sh', ['-c', `${curl} -s`], { encoding: 'utf8' });
  expect(curlBody).toContain('<GetAssetStubsResult');

  // Every request the page made (documents, bundles, workers, calls) stayed below the base.
  expect(requested.length).toBeGreaterThan(5);
  expect(requested.filter((path) => !path.startsWith(SUB_PATH))).toEqual([]);

  // A deep link loads directly, and the root sends you to the console.
  await page.goto(`${consoleUrl}history`);
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await page.goto(server.origin);
  await expect(page).toHaveURL(`${consoleUrl}stubs`);
});
