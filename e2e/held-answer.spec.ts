/**
 * An answer of more than 1 MiB reaches the page held in Blobs, not as text (docs/viewer.md, "How
 * it works"): every view, copy, download, the raw exchange and the HAR export still give the
 * payload and the body exactly as received, characters of two to four UTF-8 bytes included. The
 * answer is the emulator's own, with a large payload put in its DataStubs.
 */
import { readFile } from 'node:fs/promises';
import { DEMO_KEY, expect, test } from './fixtures.ts';
import { answerWithDataStubs, readClipboard, ViewerPage } from './viewer/viewer-page.ts';

const STUBS = 15_000;
// Characters of two, three and four UTF-8 bytes in the first stubs; the rest ASCII, which the
// raw exchange panel lays out quickly in its first million characters.
const stub = (i: number) =>
  `<Stub ID="h-${i}" MediaType="image"><Title>${i <= 20 ? `Café ${i} 漢字 😀` : `Cafe ${i} ascii`}</Title></Stub>`;
const PAYLOAD = `<AssetStubs xmlns="">${Array.from({ length: STUBS }, (_, i) => stub(i + 1)).join('')}</AssetStubs>`;

test('an answer above 1 MiB is held: every view, copy, download, raw exchange and HAR give it exactly', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const body = await answerWithDataStubs(request, DEMO_KEY, PAYLOAD);
  const bodyBytes = Buffer.byteLength(body);
  expect(bodyBytes).toBeGreaterThan(1024 * 1024);
  await page.route('**/Inode.asmx/GetAssetStubs', (route) =>
    route.fulfill({ status: 200, contentType: 'text/xml; charset=utf-8', body }),
  );
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(DEMO_KEY, { binding: 'HTTP POST' });

  // Held: the exact size of its bytes, where a text over a million characters gets "about".
  const fields = page.getByRole('table', { name: 'Result fields' });
  const payloadBytes = Buffer.byteLength(PAYLOAD);
  await expect(fields).toContainText(
    `XML, ${(payloadBytes / 1024 / 1024).toFixed(1)} MB (shown below)`,
  );
  await expect(fields).not.toContainText('about');
  await expect(viewer.panel().locator('.xv-lines')).toContainText('<Title>Café 1 漢字 😀</Title>');

  // Tree and a Table record read the text back.
  const tree = (await viewer.open('Tree')).getByRole('tree', { name: 'DataStubs elements' });
  await expect(tree.getByRole('treeitem', { level: 2 }).first()).toContainText('ID="h-1"');
  const table = await viewer.open('Table');
  await table.getByRole('cell', { name: 'h-2', exact: true }).click();
  await expect(table.getByRole('region', { name: /Stub 2 XML/ }).locator('pre')).toContainText(
    '<Title>Café 2 漢字 😀</Title>',
  );

  // XPath over the whole payload.
  const xpath = await viewer.open('XPath');
  await xpath.getByRole('textbox', { name: 'XPath', exact: true }).fill('count(//Stub)');
  await viewer.viewer.getByRole('button', { name: 'Run XPath' }).click();
  await expect(viewer.viewer.locator('.xv-status')).toHaveText(`XPath: Number: ${STUBS}.`);

  // The whole body in Raw.
  const raw = (await viewer.open('Raw')).getByRole('region', { name: 'Raw response body' });
  await expect(raw).toContainText('_Inode');

  // Copy and download give the payload byte for byte.
  await viewer.viewer.getByRole('button', { name: 'Copy XML' }).click();
  await expect(viewer.viewer.getByRole('status')).toHaveText('Copied the whole payload.');
  expect(await readClipboard(page)).toBe(PAYLOAD);
  const download = page.waitForEvent('download');
  await viewer.viewer.getByRole('button', { name: 'Download .xml' }).click();
  expect(await readFile(await (await download).path(), 'utf8')).toBe(PAYLOAD);

  // The raw exchange shows the body's start; the HAR holds it whole.
  await page.getByText('Raw exchange', { exact: true }).click();
  const responseBody = page.getByLabel('Response body', { exact: true });
  await expect(responseBody).toContainText('Café 1 漢字 😀');
  await expect(
    page.locator('.raw-exchange-body p.muted').filter({ hasText: 'Showing the first' }),
  ).toBeVisible();
  const har = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HAR' }).click();
  const harLog = JSON.parse(await readFile(await (await har).path(), 'utf8')) as {
    log: { entries: Array<{ response: { content: { text: string; size: number } } }> };
  };
  expect(harLog.log.entries[0]?.response.content.text).toBe(body);
  expect(harLog.log.entries[0]?.response.content.size).toBe(bodyBytes);
});
