import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { TestProviders, createTestQueryClient } from '../test/test-providers.tsx';
import { DEFAULT_SETTINGS } from '../settings/settings-store.ts';
import { connectionKeys } from './targets.ts';
import { usePreparedCalls, useConnection, type ClientThread } from './connection.ts';
import { prewarmClientWorker } from './worker-client/worker-inode-client.ts';
import type * as WorkerClient from './worker-client/worker-inode-client.ts';

vi.mock('./worker-client/worker-inode-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof WorkerClient>()),
  prewarmClientWorker: vi.fn(),
}));

const WSDL =
  '<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" targetNamespace="urn:prepared-test"/>';

/** The console's routes as the page meets them: the targets list, then the service's ?WSDL. */
function serveConsole() {
  const requests: Array<{ url: string; target: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, target: new Headers(init?.headers).get('x-inode-target') });
      if (url.endsWith('/__console/targets'))
        return Response.json({
          targets: [{ id: 'emulator', label: 'Embedded emulator', kind: 'emulator' }],
          defaultId: 'emulator',
        });
      return new Response(WSDL, { headers: { 'content-type': 'text/xml' } });
    }),
  );
  return requests;
}

function Page({ thread }: { thread?: ClientThread }) {
  usePreparedCalls(useConnection(), thread);
  return null;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(prewarmClientWorker).mockClear();
});

describe('usePreparedCalls', () => {
  it('starts the client worker and reads the namespace of the target calls go to, before any call', async () => {
    const requests = serveConsole();
    const queryClient = createTestQueryClient();
    render(
      <TestProviders queryClient={queryClient}>
        <Page />
      </TestProviders>,
    );
    // The protocol loads on first use: its first import, transformed for the test, can take over
    // waitFor's default second on a busy machine.
    await vi.waitFor(
      () =>
        expect(queryClient.getQueryData(connectionKeys.namespace('emulator'))).toBe(
          'urn:prepared-test',
        ),
      { timeout: 5000 },
    );
    expect(prewarmClientWorker).toHaveBeenCalledTimes(1);
    const wsdl = requests.filter((request) => request.url.endsWith('?WSDL'));
    expect(wsdl).toHaveLength(1);
    expect(wsdl[0]?.target).toBe('emulator');
  });

  it('asks no ?WSDL when the namespace is set by hand, and starts no worker for calls on the page', async () => {
    const requests = serveConsole();
    render(
      <TestProviders
        settings={{ ...DEFAULT_SETTINGS, namespaceOverrides: { emulator: 'urn:by-hand' } }}
      >
        <Page thread="page" />
      </TestProviders>,
    );
    await vi.waitFor(() =>
      expect(requests.some((request) => request.url.endsWith('/__console/targets'))).toBe(true),
    );
    // Past the idle fallback (200 ms without requestIdleCallback), nothing more was asked.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests.filter((request) => request.url.endsWith('?WSDL'))).toHaveLength(0);
    expect(prewarmClientWorker).not.toHaveBeenCalled();
  });
});
