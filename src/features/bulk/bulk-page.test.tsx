import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestProviders } from '../../test/test-providers.tsx';
import { BulkPage } from './bulk-page.tsx';
import { BulkJobStore } from './job-store.ts';

const NAMESPACE = 'http://assets.example.net/inode/';

function wsdlBody(): Uint8Array<ArrayBuffer> {
  const bytes = readFileSync(join(process.cwd(), 'fixtures/reference/raw/wsdl.response'));
  return new Uint8Array(bytes.subarray(bytes.indexOf('\r\n\r\n') + 4));
}

function soapAnswer(value: string): Response {
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><AddUserAssetIndexResponse xmlns="${NAMESPACE}"><AddUserAssetIndexResult>${value}</AddUserAssetIndexResult></AddUserAssetIndexResponse></soap:Body></soap:Envelope>`;
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/xml; charset=utf-8' },
  });
}

/**
 * A fake console server: targets, ?WSDL, and AddUserAssetIndex over SOAP 1.1. A ServiceURI
 * containing "refused" gets an ERROR answer; with `hold`, answers wait until released. Its
 * target list offers the relay as a console server's does, unless `relay` is false (a static
 * file, as nginx alone serves).
 */
function fakeServer() {
  const bodies: string[] = [];
  const held: Array<() => void> = [];
  const state = { hold: false, next: 100, relay: true };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/__console/targets')) {
      return Response.json({
        targets: [{ id: 'emulator', label: 'Embedded emulator', kind: 'emulator' }],
        defaultId: 'emulator',
        ...(state.relay ? { relay: true } : {}),
      });
    }
    if (/\?wsdl$/i.test(url)) return new Response(wsdlBody(), { status: 200 });
    const body = String(init?.body ?? '');
    bodies.push(body);
    const value = body.includes('refused') ? 'ERROR: not allowed' : `ID-${state.next++}`;
    if (!state.hold) return soapAnswer(value);
    return new Promise<Response>((resolve, reject) => {
      held.push(() => resolve(soapAnswer(value)));
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
    });
  });
  return { fetchMock, bodies, held, state };
}

let server: ReturnType<typeof fakeServer>;

// Generous waits: the machine running the suite may be busy; nothing here is a timing target.
const PATIENCE = { timeout: 10_000 };

beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(store = new BulkJobStore(undefined, 0)) {
  render(
    <TestProviders path="/bulk">
      <BulkPage store={store} />
    </TestProviders>,
  );
  return store;
}

async function paste(text: string) {
  const box = screen.getByLabelText('CSV or TSV rows');
  fireEvent.change(box, { target: { value: text } });
  await screen.findByTestId('bulk-row-summary');
}

const FIVE_ROWS = [
  'ServiceURI,MediaType',
  'https://m.example/1.jpg,image',
  'https://m.example/2.mp3,audio',
  ',video',
  'https://m.example/refused.pdf,document',
  'not-absolute,image',
].join('\n');

function table() {
  return within(screen.getByRole('region', { name: 'Rows and outcomes' }));
}

describe('BulkPage', { timeout: 30_000 }, () => {
  it('stops a job whose first rows all fail the same way, says why, and keeps the rest to continue', async () => {
    renderPage();
    const rows = Array.from({ length: 30 }, (_, i) => `https://m.example/refused/${i},image`);
    await paste(rows.join('\n'));
    await userEvent.click(screen.getByLabelText('Record each call in History (without the key)'));
    await userEvent.type(screen.getByLabelText('OpenIDKey'), 'k-wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Run 30 rows' }));
    expect(
      await screen.findByText(/the first 10 rows all failed the same way/, {}, PATIENCE),
    ).toHaveTextContent('The service said: “ERROR: not allowed”');
    expect(server.bodies).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Continue (20 not sent)' })).toBeEnabled();
    expect(screen.getByTestId('bulk-counts')).toHaveTextContent('Not sent 20');
  });

  it('takes a limit of failed rows, keeping what is typed when it is not a number', async () => {
    const store = renderPage();
    const limit = screen.getByLabelText('Stop after this many failed rows');
    await userEvent.type(limit, '3');
    expect(store.getState().input.maxFailures).toBe(3);
    await userEvent.type(limit, 'x');
    expect(limit).toHaveValue('3x');
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    expect(store.getState().input.maxFailures).toBe(3);
    await userEvent.clear(limit);
    expect(store.getState().input.maxFailures).toBeNull();
  });

  it('previews the rows with their checks and counts', async () => {
    renderPage();
    await paste(FIVE_ROWS);
    expect(screen.getByTestId('bulk-row-summary')).toHaveTextContent(
      '5 rows (after the header row) · 1 with errors (not sent) · 1 with warnings · 0 repeated',
    );
    const rows = table().getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(rows[3]).toHaveTextContent('Error: ServiceURI is empty.');
    expect(rows[3]).toHaveTextContent('skipped (invalid)');
    expect(rows[5]).toHaveTextContent('Warning: ServiceURI is not an absolute URI.');
    expect(screen.getByRole('button', { name: 'Run 4 rows' })).toBeEnabled();
  });

  it('says what is wrong with an input that has no MediaType column', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('CSV or TSV rows'), {
      target: { value: 'ServiceURI,Kind\nhttps://a,image' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('no MediaType column');
    expect(screen.getByRole('button', { name: /^Run/ })).toBeDisabled();
  });

  it('shows a large file in part, every row kept and checked, and all of it when asked', async () => {
    renderPage();
    const lines = [
      'ServiceURI,MediaType',
      ...Array.from({ length: 1_500 }, (_, i) => `https://m.example/${i}.jpg,image`),
    ];
    const text = lines.join('\n');
    const file = new File([text], 'big.csv', { type: 'text/csv' });
    // jsdom's File has no text(); the browser's does.
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(text) });
    await userEvent.upload(screen.getByLabelText('Or choose a CSV file'), file);
    expect(await screen.findByTestId('bulk-row-summary', {}, PATIENCE)).toHaveTextContent(
      '1,500 rows (after the header row) · 0 with errors',
    );
    const box = screen.getByRole('textbox', { name: 'CSV or TSV rows' });
    expect(box).toHaveAttribute('readonly');
    const shown = (box as HTMLTextAreaElement).value;
    expect(shown.split('\n')).toHaveLength(1_001);
    expect(shown).toContain('… 501 more lines (kept: “Edit all lines here” shows them all)');
    expect(
      screen.getByText(/Loaded from big\.csv: the box shows its first 1,000 lines/),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Edit all lines here' }));
    expect(box).toHaveValue(text);
    expect(box).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Edit all lines here' })).toBeNull();
  });

  it('asks for the key, then sends each valid row and shows each outcome', async () => {
    // No relay to be had: the rows go over plain fetch, and the page says so.
    vi.stubGlobal('WebSocket', undefined);
    renderPage();
    await paste(FIVE_ROWS);
    await userEvent.click(screen.getByLabelText('Record each call in History (without the key)'));
    await userEvent.click(screen.getByRole('button', { name: 'Run 4 rows' }));
    expect(await screen.findByText('Enter an OpenIDKey: every row is sent with it.')).toBeVisible();
    expect(server.bodies).toHaveLength(0);

    const key = screen.getByLabelText('OpenIDKey');
    expect(key).toHaveAttribute('type', 'password');
    await userEvent.type(key, 'k-123{Enter}');
    expect(
      await screen.findByText(/Finished\. 3 registered, 1 failed\./, {}, PATIENCE),
    ).toBeVisible();
    expect(server.bodies).toHaveLength(4);
    expect(server.bodies.every((b) => b.includes('<OpenIDKey>k-123</OpenIDKey>'))).toBe(true);
    expect(screen.getByTestId('bulk-transport')).toHaveTextContent(
      'Sending from this browser (one request per row): this browser has no WebSocket.',
    );
    const rows = table().getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/registered\s*ID-\d+/);
    expect(rows[4]).toHaveTextContent('failed');
    expect(rows[4]).toHaveTextContent('ERROR: not allowed');
    expect(screen.getByRole('button', { name: 'Retry 1 failed' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'CSV or TSV rows' })).toHaveAttribute('readonly');
  });

  it('opens no relay where the target list offers none, and says why the rows go direct', async () => {
    server.state.relay = false;
    const openSocket = vi.fn(() => {
      throw new Error('a relay was opened');
    });
    vi.stubGlobal('WebSocket', openSocket);
    renderPage();
    await paste(FIVE_ROWS);
    await userEvent.click(screen.getByLabelText('Record each call in History (without the key)'));
    await userEvent.type(screen.getByLabelText('OpenIDKey'), 'k-123');
    await userEvent.click(screen.getByRole('button', { name: 'Run 4 rows' }));
    expect(
      await screen.findByText(/Finished\. 3 registered, 1 failed\./, {}, PATIENCE),
    ).toBeVisible();
    expect(openSocket).not.toHaveBeenCalled();
    expect(server.bodies).toHaveLength(4);
    expect(screen.getByTestId('bulk-transport')).toHaveTextContent(
      "Sending from this browser (one request per row): the console's host offers no relay.",
    );
  });

  it('pauses, resumes and cancels a running job, keeping unsent rows', async () => {
    server.state.hold = true;
    renderPage();
    const rows = [
      'ServiceURI,MediaType',
      ...Array.from({ length: 10 }, (_, i) => `https://m/${i},image`),
    ];
    await paste(rows.join('\n'));
    await userEvent.selectOptions(screen.getByLabelText('Concurrency'), '2');
    await userEvent.click(screen.getByLabelText('Record each call in History (without the key)'));
    await userEvent.type(screen.getByLabelText('OpenIDKey'), 'k');
    await userEvent.click(screen.getByRole('button', { name: 'Run 10 rows' }));
    await vi.waitFor(() => expect(server.held).toHaveLength(2), PATIENCE);
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }, PATIENCE));
    expect(await screen.findByText(/^Paused/, {}, PATIENCE)).toBeVisible();
    server.held.splice(0).forEach((release) => release());
    await vi.waitFor(
      () => expect(screen.getByTestId('bulk-counts')).toHaveTextContent('Done 2 of 10'),
      PATIENCE,
    );
    expect(server.bodies).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await vi.waitFor(() => expect(server.held).toHaveLength(2), PATIENCE);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(
      () => expect(screen.getByRole('status')).toHaveTextContent(/^Cancelled/),
      PATIENCE,
    );
    expect(screen.getByRole('button', { name: 'Continue (8 not sent)' })).toBeEnabled();
    expect(screen.getByLabelText('OpenIDKey')).toHaveValue('k');
  });

  it('keeps the job when the page is left and opened again', async () => {
    const store = renderPage();
    await paste(FIVE_ROWS);
    await userEvent.click(screen.getByLabelText('Record each call in History (without the key)'));
    await userEvent.type(screen.getByLabelText('OpenIDKey'), 'k');
    await userEvent.click(screen.getByRole('button', { name: 'Run 4 rows' }));
    await screen.findByText(/Finished/, {}, PATIENCE);
    screen.getByRole('heading', { name: 'Bulk register' });
    document.body.innerHTML = '';
    renderPage(store);
    expect(screen.getByTestId('bulk-counts')).toHaveTextContent('Done 4 of 4');
    expect(screen.getByLabelText('CSV or TSV rows')).toHaveValue(FIVE_ROWS);
  });
});
