import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, InputError, ResponseTooLargeError } from '../../protocol/index.ts';
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

  it('holds an answer above maxBodyBytes to the ceiling as the worker does: ResponseTooLargeError with the bytes', async () => {
    const answer = `<Emulator_Inode>${'x'.repeat(100)}</Emulator_Inode>`;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(answer, { status: 200, headers: { 'content-type': 'text/xml' } }),
      ),
    );
    const client = createWorkerInodeClient(
      { baseUrl: 'http://console.test', binding: 'http-post', maxBodyBytes: 64 },
      'emulator',
    );
    const failure = await client.getAssetStubs(params).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseTooLargeError);
    expect(failure).toMatchObject({ byteLength: answer.length, limit: 64 });
    expect(await (failure as ResponseTooLargeError).body.text()).toBe(answer);
  });
});
