import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StubsResult } from './stubs-result.tsx';
import { exchange, record, TEST_KEY } from '../../test/call-errors.ts';
import { heldForTest } from '../../test/held-text.ts';
import type { GetAssetStubsResult } from '../../protocol/index.ts';
import type { TextOrHeld } from '../../text/held-text.ts';

// The viewer needs Web Workers, which jsdom lacks (its own tests cover it): here it fails, as a
// viewer that cannot run does, and the section falls back to the payload as text.
vi.mock('../xml-viewer/index.ts', () => ({
  DataStubsViewer: () => {
    throw new Error('no workers here');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PAYLOAD = `<AssetStubs>${'<Stub ID="é"><Title>harbour</Title></Stub>'.repeat(50)}</AssetStubs>`;
/** The service echoes the key at the start of the body: it must not show unredacted. */
const BODY = `<r><Echo>${TEST_KEY}</Echo><DataStubs>${PAYLOAD}</DataStubs></r>`;

/** A large answer as the page receives it from the client worker: body and DataStubs held. */
function heldResult(): GetAssetStubsResult<TextOrHeld> {
  const plain = exchange(200, BODY);
  return {
    record: { ...record(), DataStubs: heldForTest(PAYLOAD) },
    dataStubsForm: 'xml',
    warnings: [],
    exchange: { ...plain, response: { ...plain.response, bodyText: heldForTest(BODY) } },
  };
}

function show(result: GetAssetStubsResult<TextOrHeld>) {
  render(
    <StubsResult
      result={result}
      error={null}
      cancelled={false}
      secret={TEST_KEY}
      targetId={null}
      assetType="image"
      stale={false}
      submission={1}
      exportBinding="soap11"
    />,
  );
}

describe('StubsResult with a held answer', () => {
  it('shows the outcome and the payload size at once, and the raw body read back and redacted', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The body's rows are virtual: jsdom has no layout, so the region is given a height.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
    show(heldResult());
    expect(screen.getByRole('region', { name: 'Outcome' })).toHaveTextContent('Success');
    expect(screen.getByRole('table', { name: 'Result fields' })).toHaveTextContent(
      /XML, [\d.]+ KB \(shown below\)/,
    );
    await userEvent.click(screen.getByText('Raw exchange'));
    const body = await screen.findByLabelText('Response body');
    expect(body).toHaveTextContent('harbour');
    expect(body).not.toHaveTextContent(TEST_KEY);
    expect(body).toHaveTextContent('••••••');
  });

  it('copies the held body whole, as received and redacted', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    show(heldResult());
    await user.click(screen.getByText('Raw exchange'));
    await user.click(await screen.findByRole('button', { name: 'Copy response body' }));
    await screen.findByText('Copied');
    expect(await navigator.clipboard.readText()).toBe(BODY.replace(TEST_KEY, '••••••'));
  });

  it('exports the held body whole in the HAR, redacted', async () => {
    const saved: Blob[] = [];
    class SavingUrl extends URL {
      static override createObjectURL(blob: Blob) {
        saved.push(blob);
        return 'blob:test/har';
      }
      static override revokeObjectURL() {}
    }
    vi.stubGlobal('URL', SavingUrl);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show(heldResult());
    await userEvent.click(screen.getByRole('button', { name: 'Export HAR' }));
    await screen.findByText(/Exported one call/);
    const har = JSON.parse(await readBlob(saved[0])) as {
      log: { entries: Array<{ response: { content: { text: string } } }> };
    };
    const text = har.log.entries[0]?.response.content.text ?? '';
    expect(text).toBe(BODY.replace(TEST_KEY, '••••••'));
  });

  it('shows the payload as text where the viewer cannot run, read from its Blob', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show(heldResult());
    const section = screen.getByRole('region', { name: 'DataStubs' });
    expect(within(section).getByRole('alert')).toHaveTextContent('no workers here');
    const payload = await within(section).findByLabelText('DataStubs XML');
    expect(payload.textContent).toBe(PAYLOAD);
  });
});

/** jsdom's Blob has no text(). */
async function readBlob(blob: Blob | undefined): Promise<string> {
  if (!blob) throw new Error('nothing was saved');
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}
