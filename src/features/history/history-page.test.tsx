import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import type { CallRecord } from '../../lib/history-db.ts';
import { TestProviders } from '../../lib/__fixtures__/test-providers.tsx';
import { HistoryPage } from './history-page.tsx';

const db = vi.hoisted(() => ({ calls: [] as CallRecord[], storedIds: [] as number[] }));

// jsdom has no IndexedDB: an in-memory stand-in with the same functions.
vi.mock('../../lib/history-db.ts', () => ({
  listCalls: async () => [...db.calls],
  deleteCall: async (id: number) => {
    db.calls = db.calls.filter((c) => c.id !== id);
  },
  clearCalls: async () => {
    db.calls = [];
  },
  listExchangeSizes: async () => db.storedIds.map((id) => ({ id, at: 0, bytes: 10 })),
  getExchange: async () => null,
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
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/stubs?AssetType=video&OtherFilterCriteria=a%3D1&binding=http-get',
    );
  });

  it('re-runs a registration into the register form through router state', async () => {
    renderHistory();
    await screen.findByText('3 of 3 calls shown');
    await userEvent.click(
      within(rows()[0] as HTMLElement).getByRole('button', { name: /^Re-run/ }),
    );
    expect(screen.getByTestId('where')).toHaveTextContent(
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
});
