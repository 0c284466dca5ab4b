import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestProviders } from '../../lib/__fixtures__/test-providers.tsx';
import { StubsPage } from './stubs-page.tsx';

// The viewer area's component needs Web Workers, which jsdom lacks; its own tests cover it.
vi.mock('../../components/xml-viewer/index.ts', () => ({
  DataStubsViewer: ({ xml }: { xml: string }) => <pre aria-label="DataStubs XML">{xml}</pre>,
}));

interface Captured {
  status: number;
  body: Uint8Array<ArrayBuffer>;
}

/** A recorded response from the project's reference captures (status line and body). */
function captured(name: string): Captured {
  const bytes = readFileSync(join(process.cwd(), 'fixtures/reference/raw', `${name}.response`));
  const end = bytes.indexOf('\r\n\r\n');
  const status = Number(
    /^HTTP\/\d\.\d (\d{3})/.exec(bytes.subarray(0, end).toString('latin1'))?.[1],
  );
  return { status, body: new Uint8Array(bytes.subarray(end + 4)) };
}

const wsdl = captured('wsdl');
const success = captured('get_soap11_success');
const badKey = captured('get_soap11_badkey');

function answer(capture: Captured): Response {
  return new Response(capture.body, {
    status: capture.status,
    headers: { 'content-type': 'text/xml; charset=utf-8' },
  });
}

/** A fake console server: targets, ?WSDL, and GetAssetStubs answers queued by the test. */
function fakeServer() {
  const pending: Array<{ resolve: (r: Response) => void; reject: (e: unknown) => void }> = [];
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/__console/targets')) {
      return Response.json({
        targets: [{ id: 'emulator', label: 'Embedded emulator', kind: 'emulator' }],
        defaultId: 'emulator',
      });
    }
    if (/\?wsdl$/i.test(url)) return answer(wsdl);
    calls.push(String(init?.body ?? ''));
    return new Promise<Response>((resolve, reject) => {
      const entry = { resolve, reject };
      pending.push(entry);
      init?.signal?.addEventListener('abort', () => {
        pending.splice(pending.indexOf(entry), 1);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  });
  return {
    fetchMock,
    calls,
    respond: (r: Response) => pending.shift()?.resolve(r),
    fail: (e: unknown) => pending.shift()?.reject(e),
  };
}

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

async function submit(key: string) {
  const field = screen.getByLabelText('OpenIDKey');
  await userEvent.clear(field);
  await userEvent.type(field, key);
  await userEvent.click(screen.getByRole('button', { name: 'Get asset stubs' }));
}

describe('StubsPage', () => {
  it('shows the outcome, the fields and the DataStubs summary of a call', async () => {
    render(
      <TestProviders path="/stubs">
        <StubsPage />
      </TestProviders>,
    );
    await submit('k1');
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toContain('<OpenIDKey>k1</OpenIDKey>');
    server.respond(answer(success));
    const banner = await screen.findByRole('region', { name: 'Outcome' });
    expect(banner).toHaveAttribute('data-outcome', 'success');
    expect(screen.getByRole('table', { name: 'Result fields' })).toBeVisible();
    expect(screen.getByTestId('datastubs-summary')).toHaveTextContent(
      /<AssetStubs> holds \d+ × Stub/,
    );
  });

  it('keeps the previous result, marked stale, while the next loads; Cancel goes back to it', async () => {
    render(
      <TestProviders path="/stubs">
        <StubsPage />
      </TestProviders>,
    );
    await submit('good');
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    server.respond(answer(success));
    await screen.findByRole('region', { name: 'Outcome' });

    await submit('bad');
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
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
    await vi.waitFor(() => expect(server.calls).toHaveLength(3));
    server.respond(answer(badKey));
    await vi.waitFor(() =>
      expect(screen.getByRole('region', { name: 'Outcome' })).toHaveAttribute(
        'data-outcome',
        'business-failure',
      ),
    );
    expect(screen.queryByText(/Call cancelled/)).toBeNull();
  });

  it('reports a network failure in words and keeps the values typed', async () => {
    render(
      <TestProviders path="/stubs?AssetType=image">
        <StubsPage />
      </TestProviders>,
    );
    await submit('k');
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    server.fail(new TypeError('Failed to fetch'));
    const banner = await screen.findByRole('region', { name: 'Outcome' });
    expect(banner).toHaveAttribute('data-outcome', 'network-failure');
    expect(screen.getByLabelText('OpenIDKey')).toHaveValue('k');
    expect(screen.getByLabelText('AssetType')).toHaveValue('image');
  });
});
