/**
 * The dry run's words: the service's ErrorMessage when it refuses the key (Success=false), the
 * UserID when it accepts it, and the rows a run would send.
 */
import { describe, expect, it } from 'vitest';
import type { AssetStubsRecord, InodeClient } from '../protocol/index.ts';
import { checkKey, dryRunCounts, dryRunInWords } from './key-check.ts';
import { toBulkRows } from './bulk-rows.ts';

function answering(record: Partial<AssetStubsRecord>) {
  const asked: unknown[] = [];
  const client = {
    getAssetStubs: (params: unknown) => {
      asked.push(params);
      return Promise.resolve({
        record: {
          Success: false,
          ErrorMessage: null,
          ErrorCode: null,
          Exception: null,
          DataStubs: null,
          NewRecordID: null,
          UserID: null,
          ...record,
        },
      });
    },
  } as unknown as InodeClient;
  return { client, asked };
}

describe('checkKey', () => {
  it('asks for one MediaType’s stubs, a read that changes nothing', async () => {
    const { client, asked } = answering({ Success: true, UserID: 'u-7' });
    expect(await checkKey(client, 'k', 'image')).toEqual({ accepted: true, userId: 'u-7' });
    expect(asked).toEqual([{ OpenIDKey: 'k', AssetType: 'image', OtherFilterCriteria: '' }]);
  });

  it('gives the service’s own words when it refuses the key', async () => {
    const { client } = answering({ ErrorMessage: 'OpenIDKey is not recognised', ErrorCode: '401' });
    expect(await checkKey(client, 'k', 'image')).toEqual({
      accepted: false,
      message: 'The service refused the key: “OpenIDKey is not recognised” (ErrorCode 401).',
      errorCode: '401',
    });
    const { client: silent } = answering({});
    expect(await checkKey(silent, 'k', '')).toMatchObject({
      message: 'The service refused the key: “no ErrorMessage”.',
    });
  });
});

describe('dryRunInWords', () => {
  it('counts the rows a run would send, the invalid and the repeats', () => {
    const { rows } = toBulkRows([
      ['https://a/1', 'image'],
      ['https://a/2', ''],
      ['https://a/1', 'image'],
      ['https://a/3', 'audio'],
    ]);
    const counts = dryRunCounts(rows, true);
    expect(counts).toEqual({ rows: 4, toSend: 2, invalid: 1, repeats: 1 });
    expect(dryRunInWords(counts, { accepted: true, userId: 'u-7' })).toBe(
      'The key was accepted (UserID u-7). 2 of 4 rows would be sent (1 with errors, 1 repeat sent once). Nothing was registered.',
    );
    expect(dryRunCounts(rows, false)).toMatchObject({ toSend: 3, repeats: 0 });
  });
});
