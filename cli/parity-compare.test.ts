import { describe, expect, it } from 'vitest';
import type { Binding } from '../src/protocol/index.ts';
import type { GetAssetStubsResult } from '../src/protocol/types.ts';
import { bindingResultOf } from '../src/parity/binding-result.ts';
import type { BindingResult } from '../src/parity/compare-binding-results.ts';
import { parityOf } from './parity-compare.ts';

const FIELDS = {
  Success: true,
  ErrorMessage: '',
  ErrorCode: null,
  Exception: null,
  NewRecordID: 'r-1',
  UserID: 'u-1',
};

/** A successful GetAssetStubs answer on one binding, carrying this DataStubs text. */
function outcome(binding: Binding, dataStubs: string): BindingResult {
  const value = {
    record: { ...FIELDS, DataStubs: dataStubs },
    dataStubsForm: 'xml',
    warnings: [],
    exchange: {
      request: { method: 'POST', url: '', headers: {}, body: '' },
      response: { status: 200, statusText: 'OK', headers: {}, bodyText: '', byteLength: 0 },
      timings: { startedAt: 0, headersMs: 1, totalMs: 1 },
    },
  } as unknown as GetAssetStubsResult;
  return bindingResultOf(binding, { value }, []);
}

/** The differences `inode-console parity` lists. */
const fieldByFieldComparison = (results: BindingResult[]) => parityOf(results).differences;

describe('parity comparison of DataStubs', () => {
  it('sees no difference in prefixes, attribute order, indentation or quotes', () => {
    const differences = fieldByFieldComparison([
      outcome('soap11', '<AssetStubs xmlns="urn:x"><Stub ID="1" MediaType="image"/></AssetStubs>'),
      outcome(
        'http-get',
        '<a:AssetStubs xmlns:a="urn:x">\n  <a:Stub MediaType=\'image\' ID="1"></a:Stub>\n</a:AssetStubs>',
      ),
    ]);
    expect(differences).toEqual([]);
  });

  it('names DataStubs when an attribute value differs, and only DataStubs', () => {
    const differences = fieldByFieldComparison([
      outcome('soap11', '<AssetStubs><Stub ID="1" MediaType="image"/></AssetStubs>'),
      outcome('soap12', '<AssetStubs><Stub ID="1" MediaType="video"/></AssetStubs>'),
    ]);
    expect(differences.map((d) => d.field)).toEqual(['DataStubs']);
  });

  it('names DataStubs when a record is missing on one binding', () => {
    const differences = fieldByFieldComparison([
      outcome('soap11', '<AssetStubs><Stub ID="1"/><Stub ID="2"/></AssetStubs>'),
      outcome('http-post', '<AssetStubs><Stub ID="1"/></AssetStubs>'),
    ]);
    expect(differences.map((d) => d.field)).toEqual(['DataStubs']);
  });
});
