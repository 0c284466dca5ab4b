import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as HistoryDb from '../../history/history-db.ts';
import type { RegistrationRecord } from '../../history/history-db.ts';
import { TestProviders } from '../../test/test-providers.tsx';
import { answer, captured, fakeServer } from '../../test/fake-console-server.ts';
import { RegisterPage } from './register-page.tsx';

const db = vi.hoisted(() => ({ registrations: [] as RegistrationRecord[], calls: 0 }));

// jsdom has no IndexedDB: an in-memory stand-in with the functions the page uses.
vi.mock('../../history/history-db.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof HistoryDb>()),
  addCall: async () => {
    db.calls += 1;
  },
  addRegistration: async (r: Omit<RegistrationRecord, 'id'>) => {
    db.registrations.unshift({ ...r, id: db.registrations.length + 1 });
  },
  listRegistrations: async () => [...db.registrations],
}));

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  db.registrations = [];
  db.calls = 0;
  localStorage.clear();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

interface FormValues {
  key: string;
  uri: string;
  media: string;
}

async function fillForm(values: FormValues) {
  await userEvent.type(screen.getByLabelText('OpenIDKey'), values.key);
  await userEvent.type(screen.getByLabelText('ServiceURI'), values.uri);
  await userEvent.type(screen.getByLabelText('MediaType'), values.media);
}

async function register(values: FormValues) {
  await fillForm(values);
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
}

/** A pair the captured get_soap11_success answer lists. */
const LISTED = { key: 'k', uri: 'http://media.example.org/vault/photo-2', media: 'image' };

function renderPage() {
  render(
    <TestProviders path="/register">
      <RegisterPage />
    </TestProviders>,
  );
}

describe('RegisterPage', () => {
  it('shows the returned value with Copy, lists the registration and remembers the MediaType', async () => {
    renderPage();
    await register({ key: 'k', uri: 'https://x.test/a.png', media: 'image' });
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toContain('<ServiceURI>https://x.test/a.png</ServiceURI>');
    server.respond(answer(captured('add_soap11_success')));

    expect(await screen.findByLabelText('Returned value')).toHaveTextContent(
      'abf45b82-7c77-4fbb-bff0-b13053fc9846',
    );
    expect(screen.getByRole('button', { name: 'Copy value' })).toBeVisible();
    const list = screen.getByRole('region', { name: 'Registrations made in this browser' });
    expect(await within(list).findByText('https://x.test/a.png')).toBeVisible();
    expect(JSON.stringify(db.registrations)).not.toContain('"k"');
    expect(localStorage.getItem('inode-console.media-types')).toBe('["image"]');
  });

  it('shows an ERROR answer as a failure, keeps the values and registers nothing', async () => {
    renderPage();
    await register({ key: 'bad', uri: 'https://x.test/b', media: 'audio' });
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    server.respond(answer(captured('add_soap11_emptykey')));

    const banner = await screen.findByRole('region', { name: 'Outcome' });
    expect(banner).toHaveAttribute('data-outcome', 'business-failure');
    expect(within(banner).getByText('ERROR: OpenIDKey is required')).toBeVisible();
    expect(screen.queryByLabelText('Returned value')).toBeNull();
    expect(screen.getByText(/Your values are kept/)).toBeVisible();
    expect(screen.getByLabelText('OpenIDKey')).toHaveValue('bad');
    expect(screen.getByLabelText('ServiceURI')).toHaveValue('https://x.test/b');
    expect(screen.getByLabelText('MediaType')).toHaveValue('audio');
    expect(db.registrations).toEqual([]);
    await vi.waitFor(() => expect(db.calls).toBe(1)); // History still records the call
  });
  it('says before Register that this console registered the pair already, and still registers', async () => {
    db.registrations = [
      {
        id: 1,
        binding: 'soap12',
        targetId: 'emulator',
        ServiceURI: 'https://x.test/a.png',
        MediaType: 'image',
        result: 'first-id',
        at: Date.UTC(2026, 10, 24),
      },
    ];
    renderPage();
    await userEvent.type(screen.getByLabelText('ServiceURI'), 'https://x.test/a.png');
    await userEvent.type(screen.getByLabelText('MediaType'), 'IMAGE');
    const notice = await screen.findByTestId('duplicate-notice');
    expect(notice).toHaveTextContent(
      'This console registered this ServiceURI with this MediaType once before, last on emulator (SOAP 1.2,',
    );
    expect(notice).toHaveTextContent('returned first-id');
    await userEvent.clear(screen.getByLabelText('MediaType'));
    await userEvent.type(screen.getByLabelText('MediaType'), 'audio');
    expect(screen.queryByTestId('duplicate-notice')).toBeNull();
    await userEvent.type(screen.getByLabelText('OpenIDKey'), 'k');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
  });

  it("says when the service's stubs for the key already list the pair", async () => {
    renderPage();
    await fillForm(LISTED);
    // Once the values settle, one read-only GetAssetStubs for this MediaType.
    await vi.waitFor(() => expect(server.calls).toHaveLength(1), { timeout: 3_000 });
    expect(server.calls[0]).toContain('GetAssetStubs');
    expect(server.calls[0]).toContain('<AssetType>image</AssetType>');
    server.respond(answer(captured('get_soap11_success')));
    expect(await screen.findByTestId('duplicate-notice')).toHaveTextContent(
      "The service's stubs for this key already list this ServiceURI with this MediaType.",
    );
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('asks the service again after registering the pair, when its answer came from before', async () => {
    renderPage();
    await fillForm(LISTED);
    await vi.waitFor(() => expect(server.calls).toHaveLength(1), { timeout: 3_000 });
    // Register while the check is still out: it answers from before the registration.
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1]).toContain('AddUserAssetIndex');
    server.respond(answer(captured('get_soap11_empty_result')));
    server.respond(answer(captured('add_soap11_success')));
    const notice = await screen.findByTestId('duplicate-notice');
    expect(notice).toHaveTextContent('This console registered this ServiceURI');
    expect(notice).not.toHaveTextContent("The service's stubs for this key already list");

    await vi.waitFor(() => expect(server.calls).toHaveLength(3), { timeout: 3_000 });
    expect(server.calls[2]).toContain('GetAssetStubs');
    server.respond(answer(captured('get_soap11_success')));
    await vi.waitFor(() =>
      expect(screen.getByTestId('duplicate-notice')).toHaveTextContent(
        "The service's stubs for this key already list this ServiceURI with this MediaType.",
      ),
    );
  });

  it('names an empty OpenIDKey with "an"', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter an OpenIDKey: it cannot be empty.')).toBeVisible();
    expect(server.calls).toEqual([]);
  });
});
