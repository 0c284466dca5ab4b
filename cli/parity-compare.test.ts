import { describe, expect, it } from 'vitest';
import type { CallOutcome } from './call-outcome.ts';
import { fieldByFieldComparison } from './parity-compare.ts';

const FIELDS = {
  Success: true,
  ErrorMessage: '',
  ErrorCode: null,
  Exception: null,
  NewRecordID: 'r-1',
  UserID: 'u-1',
};

/** A successful GetAssetStubs outcome on one binding, carrying this DataStubs text. */
function outcome(binding: string, dataStubs: string): CallOutcome {
  return {
    operation: 'GetAssetStubs',
    binding,
    view: { kind: 'success', title: 'Success', facts: [] },
    exitCode: 0,
    result: { record: { ...FIELDS, DataStubs: dataStubs } },
    error: null,
    exchange: null,
    durationMs: 1,
  } as unknown as CallOutcome;
}

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
