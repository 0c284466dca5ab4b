/**
 * Page objects for the console, by role and label only (what a person sees), handed to specs
 * as fixtures.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type BindingLabel = 'SOAP 1.1' | 'SOAP 1.2' | 'HTTP POST' | 'HTTP GET';
export const BINDING_LABELS: BindingLabel[] = ['SOAP 1.1', 'SOAP 1.2', 'HTTP POST', 'HTTP GET'];

export class Shell {
  constructor(readonly page: Page) {}
  nav(name: 'Asset stubs' | 'Register' | 'Bulk register' | 'History' | 'Settings'): Locator {
    return this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name, exact: true });
  }
  currentTarget(): Locator {
    return this.page.getByTestId('current-target');
  }
  currentBinding(): Locator {
    return this.page.getByTestId('current-binding');
  }
}

/** The banner and result parts common to both forms. */
class CallPage {
  constructor(readonly page: Page) {}
  get binding(): Locator {
    return this.page.getByLabel('Binding', { exact: true });
  }
  get key(): Locator {
    return this.page.getByLabel('OpenIDKey', { exact: true });
  }
  get outcome(): Locator {
    return this.page.getByRole('region', { name: 'Outcome' });
  }
  /** Waits for a settled (not stale) outcome and returns its kind. */
  async outcomeKind(): Promise<string | null> {
    const settled = this.page.locator('section[data-outcome]:not([data-stale])');
    await expect(settled).toBeVisible();
    return settled.getAttribute('data-outcome');
  }
  async openRawExchange(): Promise<Locator> {
    const panel = this.page.locator('details.raw-exchange');
    if ((await panel.getAttribute('open')) === null) {
      await panel.getByText('Raw exchange', { exact: true }).click();
    }
    return panel;
  }
  /**
   * The whole response body as received (redacted unless revealed), through the panel's "Copy
   * response body": the panel itself puts only the rows on screen in the page.
   */
  async responseBody(): Promise<string> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const panel = await this.openRawExchange();
    const response = panel.getByRole('region', { name: 'Response', exact: true });
    await response.getByRole('button', { name: 'Copy response body' }).click();
    await expect(response.getByRole('status')).toHaveText('Copied');
    return this.page.evaluate(() => navigator.clipboard.readText());
  }
  async curlCommand(reveal: boolean): Promise<string> {
    const panel = await this.openRawExchange();
    if (reveal) await panel.getByRole('button', { name: 'Reveal key in raw exchange' }).click();
    const curl = panel.locator('details.curl');
    if ((await curl.getAttribute('open')) === null) await curl.locator('summary').click();
    return (await panel.getByLabel('curl command').textContent()) ?? '';
  }
}

export class StubsPage extends CallPage {
  async goto(search = ''): Promise<void> {
    await this.page.goto(`/stubs${search}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Asset stubs' })).toBeVisible();
  }
  get assetType(): Locator {
    return this.page.getByLabel('AssetType', { exact: true });
  }
  get filter(): Locator {
    return this.page.getByLabel('OtherFilterCriteria', { exact: true });
  }
  get submitButton(): Locator {
    return this.page.getByRole('button', { name: 'Get asset stubs' });
  }
  async call(values: { key: string; assetType?: string; filter?: string; binding?: BindingLabel }) {
    if (values.binding) await this.binding.selectOption({ label: values.binding });
    await this.key.fill(values.key);
    await this.assetType.fill(values.assetType ?? '');
    await this.filter.fill(values.filter ?? '');
    await this.submitButton.click();
    return this.outcomeKind();
  }
  field(name: string): Locator {
    return this.page
      .getByRole('table', { name: 'Result fields' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) })
      .getByRole('cell');
  }
  get dataStubsSummary(): Locator {
    return this.page.getByTestId('datastubs-summary');
  }
  get dataStubs(): Locator {
    return this.page.getByRole('region', { name: 'DataStubs', exact: true }).first();
  }
}

export class RegisterPage extends CallPage {
  async goto(): Promise<void> {
    await this.page.goto('/register');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  }
  get serviceUri(): Locator {
    return this.page.getByLabel('ServiceURI', { exact: true });
  }
  get mediaType(): Locator {
    return this.page.getByLabel('MediaType', { exact: true });
  }
  async register(values: {
    key: string;
    serviceUri: string;
    mediaType: string;
    binding?: BindingLabel;
  }) {
    if (values.binding) await this.binding.selectOption({ label: values.binding });
    await this.key.fill(values.key);
    await this.serviceUri.fill(values.serviceUri);
    await this.mediaType.fill(values.mediaType);
    await this.page.getByRole('button', { name: 'Register', exact: true }).click();
    return this.outcomeKind();
  }
  get returnedValue(): Locator {
    return this.page.getByLabel('Returned value');
  }
  get registrations(): Locator {
    return this.page.getByRole('region', { name: 'Registrations made in this browser' });
  }
}

export class SettingsPage {
  constructor(readonly page: Page) {}
  async goto(): Promise<void> {
    await this.page.goto('/settings');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  }
  target(label: string | RegExp): Locator {
    return this.page.getByRole('radio', { name: label });
  }
  get defaultBinding(): Locator {
    return this.page.getByLabel('Default binding');
  }
  get timeout(): Locator {
    return this.page.getByLabel('Timeout (seconds)');
  }
  get namespaceOverride(): Locator {
    return this.page.getByLabel('Namespace override', { exact: true });
  }
}

export class HistoryPage {
  constructor(readonly page: Page) {}
  /**
   * Through the console's own link when one is on screen, as a person goes there: a call's entry
   * is written just after its answer is shown, and a page load at that moment would cut the
   * write short.
   */
  async goto(): Promise<void> {
    const link = new Shell(this.page).nav('History');
    if (await link.isVisible()) await link.click();
    else await this.page.goto('/history');
    await expect(this.page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  }
  get rows(): Locator {
    return this.page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell') });
  }
  get operationFilter(): Locator {
    return this.page.getByLabel('Operation', { exact: true });
  }
  get outcomeFilter(): Locator {
    return this.page.getByLabel('Outcome', { exact: true });
  }
}
