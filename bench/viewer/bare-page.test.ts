/**
 * The viewer bench's hold on a page, in a real Chromium on the bare DevTools pipe: a page of the
 * shape the bench drives (the Asset stubs page's form; a call made in a Web Worker) served by a
 * local server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, NO_CHROMIUM_MESSAGE } from '../../scripts/find-chromium.mjs';
import { launchBareChromium, type BareChromium } from '../support/bare-chromium.ts';
import { KEY, VIEWPORT } from './config.ts';
import { bodyBytes, callStubs, inPage, openPage, readMarks, waitInPage } from './page.ts';

const BODY_BYTES = 123_457;

const STUBS_PAGE = `<!doctype html><title>stubs</title>
<label for="binding">Binding</label>
<select id="binding"><option value="soap11">SOAP 1.1</option><option value="http-get">HTTP GET</option></select>
<label for="key">OpenIDKey</label><input id="key" type="password">
<button style="margin-top: 2000px">Get asset stubs</button>
<script>
  window.sawInitScript = window.__bench !== undefined;
  const form = {};
  document.getElementById('binding').addEventListener('change', (e) => (form.binding = e.target.value));
  document.getElementById('key').addEventListener('input', (e) => (form.key = e.target.value));
  const button = document.querySelector('button');
  button.addEventListener('pointerenter', () => (window.pointed = true));
  button.addEventListener('click', (event) => {
    window.sent = { ...form, trusted: event.isTrusted, scrolled: scrollY > 0 };
    const worker = new Worker('/worker.js');
    worker.onmessage = (message) => (window.received = message.data);
  });
</script>`;

const WORKER = `fetch('/Inode.asmx/GetAssetStubs?OpenIDKey=k').then((r) => r.text()).then((t) => postMessage(t.length));`;

let server: Server;
let origin: string;
let chromium: BareChromium;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/stubs') response.setHeader('content-type', 'text/html');
    else if (request.url === '/worker.js') response.setHeader('content-type', 'text/javascript');
    if (request.url === '/stubs') response.end(STUBS_PAGE);
    else if (request.url === '/worker.js') response.end(WORKER);
    else if (request.url?.startsWith('/Inode.asmx/GetAssetStubs'))
      response.end('x'.repeat(BODY_BYTES));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const executablePath = await findChromium();
  if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
  chromium = await launchBareChromium(executablePath, []);
}, 30_000);

afterAll(async () => {
  await chromium?.close();
  server?.close();
});

describe("the viewer bench's page on the bare DevTools pipe", () => {
  it('fills the form, clicks as a person does, and reads the call its worker made', async () => {
    const page = await openPage({ chromium, origin, onCrash: () => undefined });
    expect(await inPage(page, 'window.sawInitScript')).toBe(true);
    expect(await inPage(page, '[innerWidth, innerHeight]')).toEqual([
      VIEWPORT.width,
      VIEWPORT.height,
    ]);

    await callStubs(page, false);
    await waitInPage(page, 'window.received !== undefined', { timeoutMs: 10_000 });
    expect(await inPage(page, 'window.sent')).toEqual({
      binding: 'http-get',
      key: KEY,
      trusted: true,
      scrolled: true,
    });
    expect(await inPage(page, 'window.received')).toBe(BODY_BYTES);

    expect(await bodyBytes(page)).toBe(BODY_BYTES);
    const marks = await readMarks(page);
    const submit = marks.marks.submit ?? Number.NaN;
    expect(submit).toBeGreaterThan(0);
    // The worker's call, on the page's clock: sent after the click, answered after it was sent.
    expect(marks.requestStart).toBeGreaterThanOrEqual(submit);
    expect(marks.responseStart).toBeGreaterThanOrEqual(marks.requestStart);
    expect(marks.responseEnd).toBeGreaterThanOrEqual(marks.responseStart);
    await page.close();
  }, 30_000);

  it('points at an element and tells the run when its page crashes', async () => {
    let crashes = 0;
    const page = await openPage({ chromium, origin, onCrash: () => (crashes += 1) });
    await page.hover(`document.querySelector('button')`);
    expect(await inPage(page, 'window.pointed')).toBe(true);
    // A crashed page never answers the call that crashed it.
    void page.send('Page.crash').catch(() => undefined);
    await expect.poll(() => crashes, { timeout: 10_000 }).toBe(1);
  }, 30_000);

  it('says what it waited for when a wait runs out', async () => {
    const page = await openPage({ chromium, origin, onCrash: () => undefined });
    await expect(waitInPage(page, 'window.never === true', { timeoutMs: 200 })).rejects.toThrow(
      'timed out after 0.2 s waiting for window.never === true',
    );
    await page.close();
  }, 30_000);
});
