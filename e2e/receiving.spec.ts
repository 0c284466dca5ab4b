/**
 * A large answer that arrives slowly: its first lines are shown while the rest is on the way
 * (Pretty and Table), and the viewer that replaces them opens on the view chosen meanwhile, or on
 * the one chosen for the page's last answer. The
 * answer comes from a server started by the test, which holds the second half of the body until
 * the test lets it go; the page's request is sent there by the browser's network layer, so the
 * page still thinks it talks to its own console server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible } from './support/a11y.ts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_KEY, expect, test } from './fixtures.ts';
import type { StubsPage } from './support/pages.ts';
import { answerWithDataStubs, ViewerPage } from './viewer/viewer-page.ts';

const STUBS = 2_000;
const stub = (i: number) =>
  `<Stub ID="held-${i}" Type="UserAssetIndex" ServiceURI="http://media.example.org/held/${i}" MediaType="image"><Title>Held stub ${i}</Title></Stub>`;

let server: Server | null = null;
test.afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

/**
 * Sends the page's GetAssetStubs calls to a server of the test's that answers each with a real
 * answer of the emulator holding STUBS records, its first half at once and the rest when the
 * test calls `release` (the latest call's).
 */
async function holdingServer(
  page: Page,
  request: APIRequestContext,
): Promise<{ release: () => void }> {
  // A real answer of the emulator, with a large payload put in its DataStubs.
  const wsdl = await (await request.get('/Inode.asmx?WSDL')).text();
  const namespace = /targetNamespace="([^"]+)"/.exec(wsdl)?.[1] ?? '';
  const real = await answerWithDataStubs(
    request,
    DEMO_KEY,
    `<AssetStubs xmlns="">${Array.from({ length: STUBS }, (_, i) => stub(i + 1)).join('')}</AssetStubs>`,
  );
  expect(real).toContain('_Inode');
  const body = Buffer.from(real);
  expect(namespace).not.toBe('');

  const held = { release: (): void => undefined };
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    const half = Math.floor(body.length / 2);
    res.write(body.subarray(0, half));
    held.release = () => res.end(body.subarray(half));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await page.route('**/Inode.asmx/GetAssetStubs', (route) =>
    route.continue({ url: `http://127.0.0.1:${port}/Inode.asmx/GetAssetStubs` }),
  );
  return { release: () => held.release() };
}

/**
 * Opens the stubs page and calls GetAssetStubs over HTTP POST; returns the arriving answer's
 * first lines once they show its first record.
 */
async function sendHeldCall(page: Page, stubs: StubsPage): Promise<Locator> {
  await stubs.goto();
  await stubs.binding.selectOption({ label: 'HTTP POST' });
  await stubs.key.fill(DEMO_KEY);
  await stubs.submitButton.click();
  const receiving = page.getByRole('region', { name: 'DataStubs, first lines' });
  await expect(receiving.locator('.xv-lines')).toContainText('Held stub 1');
  return receiving;
}

test('a large answer shows its first lines while it arrives; the view chosen meanwhile is kept', async ({
  page,
  request,
  stubs,
}) => {
  const { release } = await holdingServer(page, request);
  const receiving = await sendHeldCall(page, stubs);
  await expect(receiving.locator('.xv-lines')).toContainText('<AssetStubs');
  await expect(receiving.getByRole('status').filter({ hasText: 'not yet checked' })).toBeVisible();
  // Nothing typed into a toolbar here could survive the viewer that replaces it: there is none.
  await expect(receiving.getByRole('searchbox')).toHaveCount(0);
  await expect(stubs.outcome).toHaveCount(0);
  // Success at a glance before the payload is in, from the fields sent ahead of DataStubs.
  const soFar = page.getByRole('region', { name: 'Fields so far' });
  await expect(soFar.getByRole('heading')).toHaveText(/Success, so far/);
  await expect(soFar).toContainText('Successtrue');
  await expect(page.getByRole('status').filter({ hasText: 'Calling GetAssetStubs' })).toBeVisible();

  await receiving.getByRole('tab', { name: 'Table' }).click();
  await expect(receiving.getByRole('cell', { name: 'held-1', exact: true })).toBeVisible();
  await expect(receiving.getByText(/First [\d,]+ Stub records · reading the rest/)).toBeVisible();

  await expectAccessible(page, 'stubs: a large answer arriving');

  release();
  const viewer = new ViewerPage(page);
  await expect(stubs.outcome).toHaveAttribute('data-outcome', 'success');
  await expect(receiving).toHaveCount(0);
  // The checked outcome replaces the fields read ahead.
  await expect(soFar).toHaveCount(0);
  await expect(viewer.tab('Table')).toHaveAttribute('aria-selected', 'true');
  const count = STUBS.toLocaleString('en-US');
  await expect(viewer.panel().getByText(`${count} of ${count} Stub records`)).toBeVisible();
  await expect(viewer.panel().getByRole('cell', { name: 'held-1', exact: true })).toBeVisible();
});

test("a page's next large answer opens on the view chosen for the last one, while it arrives and after", async ({
  page,
  request,
  stubs,
}) => {
  const { release } = await holdingServer(page, request);
  const receiving = await sendHeldCall(page, stubs);
  release();
  const viewer = new ViewerPage(page);
  await expect(stubs.outcome).toHaveAttribute('data-outcome', 'success');
  await expect(viewer.tab('Pretty')).toHaveAttribute('aria-selected', 'true');
  await viewer.open('Table');

  await stubs.submitButton.click();
  // The arriving answer's first lines show on Table, and so does the viewer that replaces them.
  await expect(receiving.getByRole('tab', { name: 'Table' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(receiving.getByRole('cell', { name: 'held-1', exact: true })).toBeVisible();
  release();
  await expect(receiving).toHaveCount(0);
  await expect(viewer.tab('Table')).toHaveAttribute('aria-selected', 'true');
  const count = STUBS.toLocaleString('en-US');
  await expect(viewer.panel().getByText(`${count} of ${count} Stub records`)).toBeVisible();
});

test('the viewer takes over the analysis its worker began while the answer arrived', async ({
  page,
  request,
  stubs,
}) => {
  // The payload's parts go from the client's worker to a viewer worker as they arrive; the
  // viewer shown with the result is that worker's, not one started after the last byte.
  const viewerWorkers: string[] = [];
  page.on('worker', (worker) => {
    if (worker.url().includes('viewer.worker')) viewerWorkers.push(worker.url());
  });
  const { release } = await holdingServer(page, request);
  await sendHeldCall(page, stubs);
  await expect.poll(() => viewerWorkers.length).toBeGreaterThan(0);
  const startedWhileArriving = viewerWorkers.length;
  release();
  const viewer = new ViewerPage(page);
  await expect(stubs.outcome).toHaveAttribute('data-outcome', 'success');
  await expect(viewer.tab('Pretty')).toHaveAttribute('aria-selected', 'true');
  // Every line is there, the last stub's included, and a search finds each stub once.
  const panel = viewer.panel();
  await panel.getByLabel('Search').fill(`Held stub ${STUBS}<`);
  await expect(panel.locator('.xv-match-status')).toHaveText('1 of 1');
  await panel.getByLabel('Search').fill('<Title>');
  const count = STUBS.toLocaleString('en-US');
  await expect(panel.locator('.xv-match-status')).toHaveText(new RegExp(` of ${count}$`));
  await viewer.open('Table');
  await expect(viewer.panel().getByText(`${count} of ${count} Stub records`)).toBeVisible();
  expect(viewerWorkers).toHaveLength(startedWhileArriving);
});
