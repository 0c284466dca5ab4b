import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from './connection.ts';
import { stubsOnTarget, type StubsCall } from './stubs-on-target.ts';

// A plain function, not vi.fn(): a vi.fn that rejects leaves an unhandled derived promise behind,
// which Vitest reports as a failure of the test.
let answer: (params: object) => Promise<unknown> = async () => ({});
const sent: object[] = [];
vi.mock('./connection.ts', () => ({
  openClient: vi.fn(async () => ({
    getAssetStubs: (params: object) => {
      sent.push(params);
      return answer(params);
    },
  })),
}));
const { openClient } = await import('./connection.ts');

const KEY = 'secret-key-1';
const staging = { id: 'staging', label: 'Staging', kind: 'remote' };
const connection: Connection = {
  targetId: 'staging',
  timeoutMs: 5000,
  namespaceOverride: null,
  maxAnswerBytes: 1024 * 1024,
};
const call: StubsCall = {
  binding: 'soap12',
  params: { AssetType: 'image', OtherFilterCriteria: '' },
  targetId: 'emulator',
};
const record = (fields: object) => ({
  record: {
    Success: true,
    ErrorMessage: '',
    ErrorCode: null,
    Exception: null,
    DataStubs: null,
    ...fields,
  },
});

describe('stubsOnTarget', () => {
  beforeEach(() => {
    sent.length = 0;
  });

  it('repeats the call (binding, parameters, key) through the other target’s connection', async () => {
    answer = async () => record({ DataStubs: '<AssetStubs/>' });
    await expect(stubsOnTarget(new QueryClient(), connection, staging, call, KEY)).resolves.toBe(
      '<AssetStubs/>',
    );
    expect(openClient).toHaveBeenLastCalledWith(expect.anything(), connection, 'soap12');
    expect(sent).toEqual([
      {
        AssetType: 'image',
        OtherFilterCriteria: '',
        OpenIDKey: KEY,
      },
    ]);
  });

  it('says which target gave no DataStubs and why, never the key', async () => {
    answer = async () =>
      record({ Success: false, ErrorCode: '401', ErrorMessage: `Unknown key ${KEY}` });
    const failure = stubsOnTarget(new QueryClient(), connection, staging, call, KEY);
    await expect(failure).rejects.toThrow(
      'Staging (SOAP 1.2) returned no DataStubs: 401 Unknown key ••••••.',
    );
  });

  it('turns a failed call into one sentence naming the target, with the key redacted', async () => {
    const hangUp = Object.assign(new Error(`socket hang up for ${KEY}`), {
      name: 'TransportError',
    });
    answer = async () => Promise.reject(hangUp);
    const failure = stubsOnTarget(new QueryClient(), connection, staging, call, KEY);
    await expect(failure).rejects.toThrow(
      /^Staging \(SOAP 1\.2\) could not answer: Network failure\. /,
    );
    await expect(failure).rejects.not.toThrow(KEY);
  });

  it('asks for the key first when memory has none, and sends nothing', async () => {
    await expect(stubsOnTarget(new QueryClient(), connection, staging, call, '')).rejects.toThrow(
      'Enter the OpenIDKey on the Asset stubs page first',
    );
    expect(sent).toEqual([]);
  });
});
