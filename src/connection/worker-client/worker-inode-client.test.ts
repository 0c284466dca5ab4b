import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, InputError } from '../../protocol/index.ts';
import { isHttpError } from '../../outcome/error-kinds.ts';
import { createWorkerInodeClient } from './worker-inode-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const params = { OpenIDKey: 'k', AssetType: 'image', OtherFilterCriteria: '' };

describe('createWorkerInodeClient without Worker (Node, jsdom)', () => {
  it('runs calls in this thread and still names the target', async () => {
    expect(typeof globalThis.Worker).toBe('undefined');
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response('', { status: 415, statusText: 'Unsupported Media Type' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = createWorkerInodeClient(
      { baseUrl: 'http://console.test', binding: 'http-post' },
      'emulator',
    );

    const failure = await client.getAssetStubs(params).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HttpError);
    expect(isHttpError(failure)).toBe(true);
    expect((failure as HttpError).status).toBe(415);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('X-Inode-Target')).toBe('emulator');
  });

  it('reports a forbidden character before anything is sent', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const client = createWorkerInodeClient(
      { baseUrl: 'http://console.test', binding: 'soap11', namespace: 'urn:x' },
      null,
    );
    await expect(client.getAssetStubs({ ...params, AssetType: 'a\u0001' })).rejects.toBeInstanceOf(
      InputError,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
