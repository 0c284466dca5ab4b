/**
 * Helpers for the DataStubs viewer specs: fetch stubs through the console's stubs page, reach the
 * viewer's views by role, and register indexes straight over SOAP 1.1.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export type ViewName = 'Pretty' | 'Tree' | 'Table' | 'XPath' | 'Raw';

export class ViewerPage {
  constructor(readonly page: Page) {}

  get viewer(): Locator {
    return this.page.getByRole('region', { name: 'DataStubs viewer' });
  }

  tab(name: ViewName): Locator {
    return this.viewer.getByRole('tab', { name, exact: true });
  }

  panel(): Locator {
    return this.viewer.locator('[role="tabpanel"]:not([hidden])');
  }

  /** Opens the stubs page (with an optional hash), calls GetAssetStubs and waits for the viewer. */
  async fetchStubs(key: string, options: { hash?: string; binding?: string } = {}): Promise<void> {
    // A fresh document each time: going to the same URL with a new hash would not reload.
    await this.page.goto('about:blank');
    await this.page.goto(`/stubs${options.hash ?? ''}`);
    if (options.binding) {
      await this.page
        .getByLabel('Binding', { exact: true })
        .selectOption({ label: options.binding });
    }
    await this.page.getByLabel('OpenIDKey', { exact: true }).fill(key);
    await this.page.getByRole('button', { name: 'Get asset stubs' }).click();
    await expect(this.viewer).toBeVisible();
    await expect(this.viewer.getByText(/lines pretty-printed/)).toBeVisible();
  }

  async open(name: ViewName): Promise<Locator> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
    return this.panel();
  }

  /** The text CodeMirror shows (only its rendered lines). */
  /** The text of the Pretty lines on screen, one per line (without line numbers). */
  editorText(): Promise<string> {
    return this.panel()
      .locator('.xv-line-text')
      .evaluateAll((lines) => lines.map((line) => line.textContent).join('\n'));
  }
}

/** What the page's clipboard holds (the context must have been granted clipboard-read). */
export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
}

/**
 * A real GetAssetStubs answer of the emulator (HTTP GET, `key`'s), with `dataStubs` put in its
 * DataStubs as it is (markup or escaped text).
 */
export async function answerWithDataStubs(
  request: APIRequestContext,
  key: string,
  dataStubs: string,
): Promise<string> {
  const real = await (
    await request.get(`/Inode.asmx/GetAssetStubs?OpenIDKey=${key}&AssetType=&OtherFilterCriteria=`)
  ).text();
  return withDataStubs(real, dataStubs);
}

/** The answer `body` with `dataStubs` in place of its DataStubs. */
export function withDataStubs(body: string, dataStubs: string): string {
  return body.replace(
    /<DataStubs>[\s\S]*<\/DataStubs>|<DataStubs\s*\/>/,
    () => `<DataStubs>${dataStubs}</DataStubs>`,
  );
}

const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Registers an index over SOAP 1.1 (no request validation there, so any text gets stored). */
export async function registerOverSoap(
  request: APIRequestContext,
  key: string,
  serviceUri: string,
  mediaType: string,
): Promise<string> {
  const wsdl = await (await request.get('/Inode.asmx?WSDL')).text();
  const namespace = /targetNamespace="([^"]+)"/.exec(wsdl)?.[1];
  if (!namespace) throw new Error('The WSDL names no targetNamespace');
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11}"><soap:Body>` +
    `<AddUserAssetIndex xmlns="${escapeXml(namespace)}"><OpenIDKey>${escapeXml(key)}</OpenIDKey>` +
    `<ServiceURI>${escapeXml(serviceUri)}</ServiceURI><MediaType>${escapeXml(mediaType)}</MediaType>` +
    `</AddUserAssetIndex></soap:Body></soap:Envelope>`;
  const response = await request.post('/Inode.asmx', {
    headers: {
      'Content-Type': 'text/xml; charset=utf-8',
      SOAPAction: `"${namespace}AddUserAssetIndex"`,
    },
    data: body,
  });
  const text = await response.text();
  expect(response.status(), text).toBe(200);
  return /<AddUserAssetIndexResult>([^<]*)</.exec(text)?.[1] ?? '';
}
