import { describe, expect, it } from 'vitest';
import { packResult, unpackResult } from './result-transfer.ts';

const stubsResult = (bodyText: string, DataStubs: string | null) => ({
  record: { Success: true, DataStubs },
  dataStubsForm: 'xml',
  warnings: [],
  exchange: { request: { body: '' }, response: { status: 200, bodyText } },
});

describe('result transfer', () => {
  it('sends a DataStubs that is a substring of the body as offsets, and restores it', () => {
    const payload = '<AssetStubs><Stub ID="1"/></AssetStubs>';
    const body = `<r><DataStubs>${payload}</DataStubs></r>`;
    const packed = packResult(stubsResult(body, payload));
    expect(packed.dataStubsAt).toEqual([
      body.indexOf(payload),
      body.indexOf(payload) + payload.length,
    ]);
    const crossed = structuredClone(packed);
    // The payload itself is not in the message a second time.
    expect((crossed.value as { record: { DataStubs: unknown } }).record.DataStubs).toBeNull();
    expect(unpackResult(crossed)).toEqual(stubsResult(body, payload));
  });

  it('finds the payload past an earlier occurrence of its first characters', () => {
    const payload = `<A>${'x'.repeat(300)}</A>`;
    const body = `<A>${'x'.repeat(299)}y</A><DataStubs>${payload}</DataStubs>`;
    const packed = packResult(stubsResult(body, payload));
    expect(packed.dataStubsAt?.[0]).toBe(body.lastIndexOf(payload));
    expect(unpackResult(structuredClone(packed))).toEqual(stubsResult(body, payload));
  });

  it('sends a decoded payload (escaped text, added declarations) as it is', () => {
    const value = stubsResult('<DataStubs>&lt;A/&gt;</DataStubs>', '<A/>');
    const packed = packResult(value);
    expect(packed.value).toBe(value);
    expect(packed.dataStubsAt).toBeUndefined();
    expect(unpackResult({ value })).toBe(value);
  });

  it('restores a payload beyond Latin-1 exactly, sending nothing but the body and offsets', () => {
    const payload = '<A t="é😀漢字"/>';
    const body = `<DataStubs>${payload}</DataStubs>`;
    const packed = packResult(stubsResult(body, payload));
    expect(Object.keys(packed).sort()).toEqual(['dataStubsAt', 'value']);
    expect(unpackResult(structuredClone(packed))).toEqual(stubsResult(body, payload));
  });

  it('leaves other results alone', () => {
    for (const value of ['urn:x', null, { ID: '42' }, stubsResult('', null)]) {
      expect(packResult(value)).toEqual({ value });
      expect(unpackResult({ value })).toBe(value);
    }
  });
});
