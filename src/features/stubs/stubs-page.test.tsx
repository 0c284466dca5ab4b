import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { TestProviders } from '../../test/test-providers.tsx';
import { answer, captured, fakeServer } from '../../test/fake-console-server.ts';
import { StubsPage } from './stubs-page.tsx';

// The viewer area's component needs Web Workers, which jsdom lacks; its own tests cover it.
vi.mock('../../components/xml-viewer/index.ts', () => ({
  DataStubsViewer: ({
    xml,
    initialTab,
    onTabChange,
  }: {
    xml: string;
    initialTab: string | null;
    onTabChange?: (tab: string) => void;
  }) => (
    <>
      <pre aria-label="DataStubs XML" data-initial-tab={initialTab ?? 'none'}>
        {xml}
      </pre>
      <button type="button" onClick={() => onTabChange?.('table')}>
        Choose Table
      </button>
    </>
  ),
  // Tells it is shown once rendered, as the real one does once painted: the rest of the answer
  // is read from then on.
  ReceivingDataStubs: function FirstLines({
    head,
    onShown,
  }: {
    head: string;
    onShown?: () => void;
  }) {
    useEffect(() => onShown?.(), [onShown]);
    return <pre aria-label="DataStubs first lines">{head}</pre>;
  },
}));

const success = captured('get_soap11_success');
const badKey = captured('get_soap11_badkey');

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined); // no IndexedDB in jsdom
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(path = '/stubs') {
  render(
    <TestProviders path={path}>
      <StubsPage />
    </TestProviders>,
  );
}

/** Types the key and sends the form; resolves once exactly one more call reached the server. */
async function submit(key: string) {
  const before = server.calls.length;
  const field = screen.getByLabelText('OpenIDKey');
  await userEvent.clear(field);
  await userEvent.type(field, key);
  await userEvent.click(screen.getByRole('button', { name: 'Get asset stubs' }));
  await vi.waitFor(() => expect(server.calls).toHaveLength(before + 1));
}

describe('StubsPage', () => {
  it('shows the outcome, the fields and the DataStubs summary of a call', async () => {
    renderPage();
    await submit('k1');
    expect(server.calls[0]).toContain('<OpenIDKey>k1</OpenIDKey>');
    server.respond(answer(success));
    const banner = await screen.findByRole('region', { name: 'Outcome' });
    expect(banner).toHaveAttribute('data-outcome', 'success');
    expect(screen.getByRole('table', { name: 'Result fields' })).toBeVisible();
    await vi.waitFor(() =>
      expect(screen.getByTestId('datastubs-summary')).toHaveTextContent(
        /<AssetStubs> holds \d+ × Stub/,
      ),
    );
  });

  it('keeps the previous result, marked stale, while the next loads; Cancel goes back to it', async () => {
    renderPage();
    await submit('good');
    server.respond(answer(success));
    await screen.findByRole('region', { name: 'Outcome' });

    await submit('bad');
    const banner = screen.getByRole('region', { name: 'Outcome' });
    expect(banner).toHaveAttribute('data-stale', 'true');
    expect(within(banner).getByText('Previous result')).toBeVisible();
    expect(screen.getByText(/Calling GetAssetStubs/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/Call cancelled/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    const after = screen.getByRole('region', { name: 'Outcome' });
    expect(after).toHaveAttribute('data-outcome', 'success');
    expect(after).not.toHaveAttribute('data-stale');
    expect(server.calls).toHaveLength(2); // cancelling did not trigger another call

    await submit('bad');
    server.respond(answer(badKey));
    await vi.waitFor(() =>
      expect(screen.getByRole('region', { name: 'Outcome' })).toHaveAttribute(
        'data-outcome',
        'business-failure',
      ),
    );
    expect(screen.queryByText(/Call cancelled/)).toBeNull();
  });

  it("opens the next call's result on the view last chosen", async () => {
    renderPage();
    await submit('k1');
    server.respond(answer(success));
    const first = await screen.findByLabelText('DataStubs XML');
    expect(first).toHaveAttribute('data-initial-tab', 'none');
    const firstSubmission = document.querySelector('.result')?.getAttribute('data-submission');
    await userEvent.click(screen.getByRole('button', { name: 'Choose Table' }));

    await submit('k2');
    server.respond(answer(success));
    await vi.waitFor(() => {
      const shown = document.querySelector('.result:not(.stale)')?.getAttribute('data-submission');
      expect(shown).toBeDefined();
      expect(shown).not.toBe(firstSubmission);
    });
    expect(screen.getByLabelText('DataStubs XML')).toHaveAttribute('data-initial-tab', 'table');
  });

  it('reports a network failure in words and keeps the values typed', async () => {
    renderPage('/stubs?AssetType=image');
    await submit('k');
    server.fail(new TypeError('Failed to fetch'));
    const banner = await screen.findByRole('region', { name: 'Outcome' });
    expect(banner).toHaveAttribute('data-outcome', 'network-failure');
    expect(screen.getByLabelText('OpenIDKey')).toHaveValue('k');
    expect(screen.getByLabelText('AssetType')).toHaveValue('image');
  });

  it('shows the first lines of a large payload while its answer still arrives, then the result', async () => {
    renderPage();
    await submit('k');
    const body = new TextDecoder().decode(success.body);
    // Twice the head the protocol reads ahead (DATA_STUBS_HEAD_CHARS, 128 KB).
    const stubs = `<AssetStubs>${'<Stub id="7" Title="large">x</Stub>'.repeat(8_000)}</AssetStubs>`;
    const large = new TextEncoder().encode(
      body.replace(/<DataStubs>[\s\S]*<\/DataStubs>/, `<DataStubs>${stubs}</DataStubs>`),
    );
    let rest: ReadableStreamDefaultController<Uint8Array> | undefined;
    const half = Math.floor(large.length / 2);
    server.respond(
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(large.slice(0, half));
            rest = controller;
          },
        }),
        { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } },
      ),
    );
    const head = await screen.findByLabelText('DataStubs first lines');
    expect(head.textContent).toMatch(/^<AssetStubs xmlns="[^"]+"><Stub id="7" Title="large">/);
    expect(screen.queryByRole('region', { name: 'Outcome' })).toBeNull();
    expect(screen.getByText(/Calling GetAssetStubs/)).toBeVisible();

    // From the first lines to the result, each commit shows one or the other: never both, and
    // never neither (the result is rendered apart, in a deferred render).
    const shown: string[] = [];
    const watch = new MutationObserver(() => {
      const first = screen.queryByLabelText('DataStubs first lines') !== null;
      const result = screen.queryByRole('region', { name: 'Outcome' }) !== null;
      shown.push(first && result ? 'both' : first ? 'first lines' : result ? 'result' : 'neither');
    });
    watch.observe(document.body, { childList: true, subtree: true });
    rest?.enqueue(large.slice(half));
    rest?.close();
    const banner = await screen.findByRole('region', { name: 'Outcome' });
    watch.disconnect();
    expect(banner).toHaveAttribute('data-outcome', 'success');
    expect(screen.queryByLabelText('DataStubs first lines')).toBeNull();
    expect(shown).toContain('result');
    expect(shown.filter((s) => s === 'both' || s === 'neither')).toEqual([]);
    const whole = screen.getByLabelText('DataStubs XML').textContent ?? '';
    expect(whole.startsWith(head.textContent ?? '-')).toBe(true);
  });
});
