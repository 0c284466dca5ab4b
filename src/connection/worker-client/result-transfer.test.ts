import { describe, expect, it } from 'vitest';
import { holdText } from '../../text/held-text.ts';
import { payloadBytesFor } from './payload-bytes.ts';
import { packResult, transferOf, unpackResult } from './result-transfer.ts';

const stubsResult = (
  bodyText: string,
  DataStubs: string | null,
  contentType = 'text/xml; charset=utf-8',
) => ({
  record: { Success: true, DataStubs },
  dataStubsForm: 'xml',
  warnings: [],
  exchange: {
    request: { body: '' },
    response: { status: 200, headers: { 'content-type': contentType }, bodyText },
  },
});

const utf8 = (text: string) => new TextEncoder().encode(text);
const decoded = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

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

  it("sends no payload bytes when the viewer's worker read the payload as it arrived", () => {
    const payload = '<A t="é"/>';
    const body = `<r><DataStubs>${payload}</DataStubs></r>`;
    const packed = packResult(stubsResult(body, payload), utf8(body), false);
    expect(packed.dataStubsUtf8).toBeUndefined();
    expect(transferOf(packed)).toEqual([]);
    expect(unpackResult(structuredClone(packed))).toEqual(stubsResult(body, payload));
  });

  it('cuts the payload UTF-8 bytes from the body as received and moves them for the viewer, once', () => {
    const payload = '<A t="é😀漢字"/>';
    const body = `<r xmlns="urn:ü"><DataStubs>${payload}</DataStubs><U>ß</U></r>`;
    const packed = packResult(stubsResult(body, payload), utf8(body));
    expect(decoded(packed.dataStubsUtf8)).toBe(payload);
    expect(transferOf(packed)).toEqual([packed.dataStubsUtf8?.buffer]);
    const crossed = structuredClone(packed, { transfer: transferOf(packed) });
    const result = unpackResult(crossed) as ReturnType<typeof stubsResult>;
    const bytes = payloadBytesFor(result.record.DataStubs);
    expect(decoded(bytes)).toBe(payload);
    expect(payloadBytesFor('<other/>')).toBeUndefined();
    structuredClone(bytes, { transfer: bytes ? [bytes.buffer as ArrayBuffer] : [] });
    // Handed on (detached): the viewer then reads the text instead.
    expect(payloadBytesFor(result.record.DataStubs)).toBeUndefined();
  });

  it('moves the body’s own buffer without copying the payload, and copies out of a shared one', () => {
    const payload = '<A t="é"/>';
    const body = `<r><DataStubs>${payload}</DataStubs></r>`;
    const owned = utf8(body);
    const fromOwned = packResult(stubsResult(body, payload), owned).dataStubsUtf8;
    expect(fromOwned?.buffer).toBe(owned.buffer);
    expect(decoded(fromOwned)).toBe(payload);
    // The body as a view into a larger buffer (a pool): moving that buffer would take the rest.
    const pool = new Uint8Array(owned.byteLength + 16);
    pool.set(owned, 8);
    const view = pool.subarray(8, 8 + owned.byteLength);
    const fromView = packResult(stubsResult(body, payload), view).dataStubsUtf8;
    expect(fromView?.buffer).not.toBe(pool.buffer);
    expect(fromView?.byteLength).toBe(fromView?.buffer.byteLength);
    expect(decoded(fromView)).toBe(payload);
  });

  it('counts a byte order mark the decoder took off', () => {
    const payload = '<A>é</A>';
    const body = `<DataStubs>${payload}</DataStubs>`;
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(body)]);
    expect(decoded(packResult(stubsResult(body, payload), bytes).dataStubsUtf8)).toBe(payload);
  });

  it('leaves the viewer the text when the bytes cannot be cut from the text alone', () => {
    const payload = '<A>é</A>';
    const body = `<DataStubs>${payload}</DataStubs>`;
    // Another charset: the bytes are not UTF-8.
    const latin1 = stubsResult(body, payload, 'text/xml; charset=iso-8859-1');
    const latin1Bytes = Uint8Array.from(body, (c) => c.charCodeAt(0));
    expect(packResult(latin1, latin1Bytes).dataStubsUtf8).toBeUndefined();
    // A byte the decoder replaced before the payload: its length in the bytes is unknown.
    const replaced = `\uFFFD${body}`;
    const replacedBytes = new Uint8Array([0xff, ...utf8(body)]);
    expect(packResult(stubsResult(replaced, payload), replacedBytes).dataStubsUtf8).toBeUndefined();
    // …or after it, where a cut two bytes short would still look like a payload's length.
    const wide = '<A>ééé</A>';
    const trailing = `<DataStubs>${wide}</DataStubs>\uFFFD`;
    const trailingBytes = new Uint8Array([...utf8(`<DataStubs>${wide}</DataStubs>`), 0xff]);
    expect(packResult(stubsResult(trailing, wide), trailingBytes).dataStubsUtf8).toBeUndefined();
    // No bytes at all.
    expect(packResult(stubsResult(body, payload)).dataStubsUtf8).toBeUndefined();
    // The payload still crosses once, as offsets.
    expect(packResult(stubsResult(body, payload)).dataStubsAt).toEqual([11, 11 + payload.length]);
  });

  it('leaves other results alone', () => {
    for (const value of ['urn:x', null, { ID: '42' }, stubsResult('', null)]) {
      expect(packResult(value)).toEqual({ value });
      expect(transferOf(packResult(value))).toEqual([]);
      expect(unpackResult({ value })).toBe(value);
    }
  });

  it('passes a result the protocol held as it is, with nothing to transfer', () => {
    const held = holdText(new Blob(['<A/>']), 4);
    const value = {
      ...stubsResult('', null),
      record: { Success: true, DataStubs: held },
      exchange: { response: { bodyText: holdText(new Blob(['<r>…</r>']), 8) } },
    };
    const packed = packResult(value, utf8('<r><A/></r>'));
    expect(packed).toEqual({ value });
    expect(transferOf(packed)).toEqual([]);
  });

  it('counts one byte order mark the decoder took off, before a second it kept', () => {
    const payload = '<A>é</A>';
    const body = `\uFEFF<DataStubs>${payload}</DataStubs>`;
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(body)]);
    expect(decoded(packResult(stubsResult(body, payload), bytes).dataStubsUtf8)).toBe(payload);
  });
});
