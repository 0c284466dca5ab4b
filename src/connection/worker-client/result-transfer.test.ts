import { describe, expect, it } from 'vitest';
import { payloadBytesFor } from './payload-bytes.ts';
import { packResult, transferOf, unpackResult } from './result-transfer.ts';

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

  it('moves the payload as UTF-8 bytes for the viewer, once', () => {
    const payload = '<A t="é😀"/>';
    const body = `<DataStubs>${payload}</DataStubs>`;
    const packed = packResult(stubsResult(body, payload));
    expect(transferOf(packed)).toEqual([packed.dataStubsUtf8]);
    const crossed = structuredClone(packed, { transfer: transferOf(packed) });
    const result = unpackResult(crossed) as ReturnType<typeof stubsResult>;
    const bytes = payloadBytesFor(result.record.DataStubs);
    expect(new TextDecoder().decode(bytes)).toBe(payload);
    expect(payloadBytesFor('<other/>')).toBeUndefined();
    structuredClone(bytes, { transfer: bytes ? [bytes] : [] });
    // Handed on (detached): the viewer then reads the text instead.
    expect(payloadBytesFor(result.record.DataStubs)).toBeUndefined();
  });

  it('leaves other results alone', () => {
    for (const value of ['urn:x', null, { ID: '42' }, stubsResult('', null)]) {
      expect(packResult(value)).toEqual({ value });
      expect(transferOf(packResult(value))).toEqual([]);
      expect(unpackResult({ value })).toBe(value);
    }
  });
});
