import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import type { CallRecord } from '../../history/history-db.ts';
import { TestProviders } from '../../test/test-providers.tsx';
import { HistoryPage } from './history-page.tsx';

const db = vi.hoisted(() => ({
  calls: [] as CallRecord[],
  storedIds: [] as number[],
  writeListeners: new Set<() => void>(),
}));

// jsdom has no IndexedDB: an in-memory stand-in with the same functions.
vi.mock('../../history/history-db.ts', () => ({
  listCalls: async () => [...db.calls],
  deleteCall: async (id: number) => {
    db.calls = db.calls.filter((c) => c.id !== id);
  },
  clearCalls: async () => {
    db.calls = [];
  },
  listExchangeSizes: async () => db.storedIds.map((id) => ({ id, at: 0, bytes: 10 })),
  getExchange: async () => null,
  onHistoryWritten: (listener: () => void) => {
    db.writeListeners.add(listener);
    return () => db.writeListeners.delete(listener);
  },
}));

// The real fingerprint needs IndexedDB (tested in key-fingerprint.test.ts); here an entry's
// fingerprint is `fp:` and its key, compared the way the real one is.
vi.mock('../../history/key-fingerprint.ts', () => ({
  compareKeyWith: async (formKey: string, fingerprint: string | null | undefined) => {
    if (formKey === '') return 'no-key';
    if (!fingerprint) return 'unknown';
    return fingerprint === `fp:${formKey}` ? 'same' : 'other';
  },
}));

function call(patch: Partial<CallRecord>): CallRecord {
  return {
    id: 1,
    operation: 'GetAssetStubs',
    binding: 'soap11',
    targetId: 'emulator',
    params: { AssetType: 'image', OtherFilterCriteria: '' },
    outcome: 'success',
    summary: 'Success',
    durationMs: 12,
    at: Date.UTC(2026, 0, 2, 3, 4, 5),
    ...patch,
  };
}

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
      {location.state ? JSON.stringify(location.state) : ''}
    </p>
  );
}

function renderHistory() {
  render(
    <TestProviders path="/history">
      <Routes>
        <Route path="/history" element={<HistoryPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </TestProviders>,
  );
}

const rows = () => screen.getAllByRole('row').slice(1);

beforeEach(() => {
  sessionStorage.clear();
  db.calls = [
    call({
      id: 3,
      operation: 'AddUserAssetIndex',
      params: { ServiceURI: 'https://x/', MediaType: 'audio' },
      binding: 'http-post',
    }),
    call({ id: 2, outcome: 'business-failure', summary: 'The service said no · ErrorCode: E1' }),
    call({
      id: 1,
      binding: 'http-get',
      params: { AssetType: 'video', OtherFilterCriteria: 'a=1' },
    }),
  ];
});

describe('HistoryPage', () => {
  it('lists calls with operation, binding, parameters, outcome and duration', async () => {
    renderHistory();
    expect(await screen.findByText('3 of 3 calls shown')).toBeVisible();
    const first = within(rows()[0] as HTMLElement);
    expect(first.getByText('AddUserAssetIndex')).toBeVisible();
    expect(first.getByText('HTTP POST')).toBeVisible();
    expect(first.getByText('ServiceURI=https://x/, MediaType=audio')).toBeVisible();
    expect(first.getByText('12 ms')).toBeVisible();
  });

  it('shows an entry written while it is open', async () => {
    renderHistory();
    expect(await screen.findByText('3 of 3 calls shown')).toBeVisible();
    db.calls.push(call({ id: 9, summary: 'written later' }));
    for (const listener of db.writeListeners) listener();
    expect(await screen.findByText('4 of 4 calls shown')).toBeVisible();
    db.calls.pop();
  });

  it('offers the shown calls that have a stored response (not parity runs) as one HAR', async () => {
    db.storedIds = [1, 3];
    db.calls.push(call({ id: 4, parity: { agree: true, headline: 'x', bindings: [] } }));
    db.storedIds.push(4);
    renderHistory();
    expect(
      await screen.findByRole('button', {
        name: 'Export the 2 shown with a stored response as HAR',
      }),
    ).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Operation'), 'GetAssetStubs');
    expect(
      screen.getByRole('button', { name: 'Export the 1 shown with a stored response as HAR' }),
    ).toBeVisible();
    expect(screen.getByText('All bindings (parity)')).toBeVisible();
    db.storedIds = [];
  });

  it('filters by operation and by outcome', async () => {
    renderHistory();
    await screen.findByText('3 of 3 calls shown');
    await userEvent.selectOptions(screen.getByLabelText('Operation'), 'GetAssetStubs');
    expect(rows()).toHaveLength(2);
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'Business failure');
    expect(rows()).toHaveLength(1);
    expect(screen.getByText('1 of 3 calls shown')).toBeVisible();
  });

  it('re-runs a GetAssetStubs call into the stubs form through the URL, without a key', async () => {
    renderHistory();
    await screen.findByText('3 of 3 calls shown');
    await userEvent.click(
      within(rows()[2] as HTMLElement).getByRole('button', { name: /^Re-run/ }),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/stubs?AssetType=video&OtherFilterCriteria=a%3D1&binding=http-get',
    );
  });

  it('re-runs a registration into the register form through router state', async () => {
    renderHistory();
    await screen.findByText('3 of 3 calls shown');
    await userEvent.click(
      within(rows()[0] as HTMLElement).getByRole('button', { name: /^Re-run/ }),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/register{"ServiceURI":"https://x/","MediaType":"audio","binding":"http-post"}',
    );
  });

  it('deletes one call, and clears all only after confirmation', async () => {
    renderHistory();
    await screen.findByText('3 of 3 calls shown');
    await userEvent.click(
      within(rows()[1] as HTMLElement).getByRole('button', { name: /^Delete/ }),
    );
    expect(await screen.findByText('2 of 2 calls shown')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep history' }));
    expect(screen.getByText('2 of 2 calls shown')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, clear all history' }));
    expect(await screen.findByText('0 of 0 calls shown')).toBeVisible();
  });

  it('shows target, UserID and stubs or result, and "not recorded" for older entries', async () => {
    db.calls = [
      call({ id: 5, userId: 'user-0123456789ab', stubsCount: 3, targetId: 'staging' }),
      call({ id: 4, userId: null, stubsCount: null, targetId: null }),
      call({
        id: 3,
        operation: 'AddUserAssetIndex',
        params: { ServiceURI: 'https://x/', MediaType: 'audio' },
        result: 'idx-42',
      }),
      call({ id: 2 }),
    ];
    renderHistory();
    await screen.findByText('4 of 4 calls shown');
    const cells = (row: number, label: string) =>
      (rows()[row] as HTMLElement).querySelector(`td[data-label="${label}"]`)?.textContent;
    expect([cells(0, 'Target'), cells(0, 'UserID'), cells(0, 'Stubs or result')]).toEqual([
      'staging',
      'user-0123456789ab',
      '3 stubs',
    ]);
    expect([cells(1, 'Target'), cells(1, 'UserID'), cells(1, 'Stubs or result')]).toEqual([
      'server default',
      '—',
      '—',
    ]);
    expect(cells(2, 'Stubs or result')).toBe('idx-42');
    expect([cells(3, 'UserID'), cells(3, 'Stubs or result')]).toEqual([
      'not recorded',
      'not recorded',
    ]);
  });

  it('searches over operation, target, parameters, UserID and outcome', async () => {
    db.calls.push(call({ id: 7, targetId: 'staging', userId: 'user-bbbbbbbbbbbb' }));
    renderHistory();
    await screen.findByText('4 of 4 calls shown');
    const search = screen.getByLabelText('Search');
    await userEvent.type(search, 'user-bbbb');
    expect(rows()).toHaveLength(1);
    await userEvent.clear(search);
    await userEvent.type(search, 'video a=1');
    expect(screen.getByText('1 of 4 calls shown')).toBeVisible();
    expect(within(rows()[0] as HTMLElement).getByText('HTTP GET')).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'business failure');
    expect(rows()).toHaveLength(1);
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like this');
    expect(screen.getByText('0 of 4 calls shown')).toBeVisible();
  });

  it('stops a re-run made with another key until the operator chooses, and can clear the key', async () => {
    sessionStorage.setItem('inode-console.openid-key', 'demo-bob-key');
    db.calls = [call({ id: 9, keyFingerprint: 'fp:demo-alice-key' })];
    renderHistory();
    await screen.findByText('1 of 1 calls shown');
    await userEvent.click(screen.getByRole('button', { name: /^Re-run/ }));
    const check = await screen.findByRole('alert');
    expect(check).toHaveTextContent(
      'This entry was made with another OpenIDKey than the one in the form.',
    );
    expect(check).toHaveTextContent('Nothing has been sent.');
    expect(screen.queryByTestId('where')).toBeNull();
    await userEvent.click(within(check).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Re-run/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Clear the key and fill the form' }),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/stubs?AssetType=image');
    expect(sessionStorage.getItem('inode-console.openid-key')).toBe('');
  });

  it('fills the form at once when the key is the entry’s, and says an older entry’s key is unknown', async () => {
    sessionStorage.setItem('inode-console.openid-key', 'demo-alice-key');
    db.calls = [call({ id: 9, keyFingerprint: 'fp:demo-alice-key' }), call({ id: 8 })];
    renderHistory();
    await screen.findByText('2 of 2 calls shown');
    await userEvent.click(
      within(rows()[1] as HTMLElement).getByRole('button', { name: /^Re-run/ }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The OpenIDKey this entry was made with is unknown',
    );
    await userEvent.click(
      within(rows()[0] as HTMLElement).getByRole('button', { name: /^Re-run/ }),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/stubs?AssetType=image');
  });
});
