/**
 * A GetAssetStubs answer held (HoldingCallOptions) is decoded from the pieces its text arrived
 * in, and its body and DataStubs come back as Blobs: they must read back as exactly what the
 * same answer gives unheld, and an answer the decode refuses must fail exactly as it does
 * unheld, wherever the network cuts it and whatever the body holds (real captures, mutated).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCapture, REFERENCE_NAMESPACE } from '../../fixtures/captures.ts';
import { isHeld, readText, type TextOrHeld } from '../text/held-text.ts';
import { createInodeClient } from './client.ts';
import { InodeError } from './errors.ts';
import type { Binding } from './operations.ts';
import { holdAnswer, utf8Cut } from './held-answer.ts';
import { PieceText } from '../text/piece-text.ts';
import {
  ARRIVING_SEEDS,
  arrivingBody,
  bindingOf,
  bodyMutation,
  contentTypeOf,
  fetchInPieces,
} from './test-support/arriving-answers.node.test-helper.ts';
import type { CallOptions, GetAssetStubsResult } from './types.ts';

const PARAMS = { OpenIDKey: 'k', AssetType: '', OtherFilterCriteria: '' };

/** The call's outcome as plain data, every held text read back. */
async function outcome(call: () => Promise<GetAssetStubsResult<TextOrHeld>>): Promise<unknown> {
  let result: GetAssetStubsResult<TextOrHeld>;
  try {
    result = await call();
  } catch (error) {
    if (!(error instanceof InodeError)) throw error;
    const body = error.exchange?.response.bodyText;
    return { error: error.name, message: error.message, body };
  }
  const { record, exchange } = result;
  const read = (text: TextOrHeld | null) => (text === null ? null : readText(text));
  return {
    ...result,
    record: { ...record, DataStubs: await read(record.DataStubs) },
    exchange: {
      ...exchange,
      response: { ...exchange.response, bodyText: await read(exchange.response.bodyText) },
      timings: null,
    },
  };
}

function callWith(
  bytes: Uint8Array,
  cuts: readonly number[],
  contentType: string,
  binding: Binding,
  holdFrom?: number,
  options: CallOptions = {},
  namespace = REFERENCE_NAMESPACE,
): Promise<GetAssetStubsResult<TextOrHeld>> {
  const client = createInodeClient({
    baseUrl: 'http://svc',
    binding,
    namespace,
    fetch: fetchInPieces(bytes, cuts, contentType),
  });
  return holdFrom === undefined
    ? client.getAssetStubs(PARAMS, options)
    : client.getAssetStubs(PARAMS, { ...options, holdFrom });
}

describe('a GetAssetStubs answer held', () => {
  it('reads back as the same answer unheld, or fails the same way, for captures mutated and cut anywhere', async () => {
    let results = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ARRIVING_SEEDS),
        bodyMutation,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        async (capture, mutate, cuts, withBom) => {
          const bytes = arrivingBody(capture, mutate, withBom);
          const binding = bindingOf(capture);
          const type = contentTypeOf(capture);
          const unheld = await outcome(() => callWith(bytes, cuts, type, binding));
          const held = await outcome(() => callWith(bytes, cuts, type, binding, 0));
          expect(held).toEqual(unheld);
          if (typeof held === 'object' && held !== null && 'record' in held) results++;
        },
      ),
      { numRuns: 300 },
    );
    // Not only refusals: most mutations leave an answer that decodes.
    expect(results).toBeGreaterThan(100);
  });

  it('holds the bytes as received, DataStubs a slice of them, from the given size on', async () => {
    const capture = loadCapture('get_soap11_success');
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...capture.response.body]);
    const type = contentTypeOf(capture);
    const result = await callWith(bytes, [5, 300, 301, 700], type, 'soap11', bytes.byteLength);
    const body = result.exchange.response.bodyText;
    const dataStubs = result.record.DataStubs;
    if (!isHeld(body) || !isHeld(dataStubs)) throw new Error('expected both held');
    // The very bytes received, the byte order mark included: not the text encoded again.
    expect(new Uint8Array(await body.held.arrayBuffer())).toEqual(bytes);
    const unheld = await callWith(bytes, [], type, 'soap11');
    const payload = await readText(unheld.record.DataStubs ?? '-');
    expect(dataStubs.length).toBe(payload.length);
    const at = Buffer.from(bytes).indexOf(Buffer.from(payload));
    expect(at).toBeGreaterThan(3);
    const slice = Buffer.from(await body.held.slice(at, at + dataStubs.held.size).arrayBuffer());
    expect(Buffer.from(await dataStubs.held.arrayBuffer()).equals(slice)).toBe(true);
    // One byte less than the threshold: not held.
    const below = await callWith(bytes, [], type, 'soap11', bytes.byteLength + 1);
    expect(below.exchange.response.bodyText).toBe(unheld.exchange.response.bodyText);
  });

  it('reads back in UTF-16 and Latin-1 too, cut after every byte', async () => {
    const root = `<r_Inode xmlns="urn:x"><Success>true</Success><DataStubs><s>Grüße 😀</s></DataStubs></r_Inode>`;
    for (const [bytes, type] of [
      [Uint8Array.from(Buffer.from(`\uFEFF${root}`, 'utf16le')), 'text/xml; charset=utf-16le'],
      [
        Uint8Array.from(root.replace(/[^\0-\xff]/gu, '?'), (c) => c.charCodeAt(0)),
        'text/xml; charset=iso-8859-1',
      ],
    ] as const) {
      const cuts = [...bytes.keys()];
      const call = (holdFrom?: number) =>
        outcome(() => callWith(bytes, cuts, type, 'http-post', holdFrom, {}, 'urn:x'));
      const unheld = await call();
      expect(unheld).toMatchObject({ record: { Success: true } });
      expect(await call(0)).toEqual(unheld);
    }
  });

  it('tells the rest of a large payload complete, as unheld, and holds what it was', async () => {
    const stubs = Array.from({ length: 12_000 }, (_, i) => `<b i="${i}">é${i}</b>`).join('');
    const root = `<r_Inode xmlns="urn:x"><Success>true</Success><DataStubs><A xmlns="">${stubs}</A>\n  </DataStubs></r_Inode>`;
    const bytes = new TextEncoder().encode(root);
    const cuts = Array.from({ length: 40 }, (_, i) => i * 2011);
    for (const holdFrom of [undefined, 0]) {
      let head = '';
      const parts: string[] = [];
      let complete: boolean | null = null;
      const options: CallOptions = {
        onDataStubsHead: (text) => void (head = text),
        onDataStubsRest: {
          part: (text) => void parts.push(text),
          end: (whole) => void (complete = whole),
        },
      };
      const result = await callWith(
        bytes,
        cuts,
        'text/xml',
        'http-post',
        holdFrom,
        options,
        'urn:x',
      );
      expect(isHeld(result.record.DataStubs)).toBe(holdFrom === 0);
      expect(complete, `holdFrom ${holdFrom}`).toBe(true);
      const dataStubs = await readText(result.record.DataStubs ?? '');
      expect(head + parts.join('')).toBe(dataStubs);
      expect(dataStubs).toBe(`<A xmlns="">${stubs}</A>`);
    }
  });
});

describe('holdAnswer', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const held = (pieces: string[], bytes: Uint8Array, bomBytes = 0) => ({
    text: new PieceText(pieces),
    bytes: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    bomBytes,
  });

  it('cuts a payload out of the bytes, or holds its text where the bytes cannot tell', async () => {
    const body = '<r><DataStubs><A>é😀</A></DataStubs></r>';
    const start = body.indexOf('<A>');
    const span = { start, end: body.indexOf('</DataStubs>') };
    const payload = body.slice(span.start, span.end);
    const cases: Array<[string, ReturnType<typeof held>, string]> = [
      ['utf-8', held(['<r><Data', body.slice(8)], utf8(body)), 'utf-8'],
      ['bom', held([body], Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(body)]), 3), 'utf-8'],
      [
        'latin-1',
        held(
          [body],
          Uint8Array.from(body, (c) => c.charCodeAt(0) & 0xff),
        ),
        'windows-1252',
      ],
    ];
    for (const [name, received, encoding] of cases) {
      const answer = holdAnswer(received, encoding, span);
      expect(await readText(answer.body), name).toBe(body);
      expect(await readText(answer.dataStubs ?? ''), name).toBe(payload);
      expect((answer.dataStubs as { length: number }).length, name).toBe(payload.length);
    }
    // A replaced byte before the payload: its length in the bytes is unknown.
    const replaced = `\uFFFD${body}`;
    const bytes = Uint8Array.from([0xff, ...utf8(body)]);
    const answer = holdAnswer(held([replaced], bytes), 'utf-8', {
      start: span.start + 1,
      end: span.end + 1,
    });
    expect(await readText(answer.dataStubs ?? '')).toBe(payload);
    expect(await readText(answer.body)).toBe(replaced);
  });

  it('keeps at hand a text Blob.text() would alter: one that begins with U+FEFF', () => {
    const body = '\uFEFF<DataStubs>\uFEFF<A/></DataStubs>';
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, ...utf8(body.slice(1))]);
    const start = body.indexOf('\uFEFF<A/>');
    const answer = holdAnswer(held([body], bytes, 3), 'utf-8', { start, end: start + 5 });
    expect(answer.body).toBe(body);
    expect(answer.dataStubs).toBe('\uFEFF<A/>');
    expect(holdAnswer(held(['<r/>'], utf8('<r/>')), 'utf-8', null).dataStubs).toBeNull();
  });

  it('finds a range in the bytes behind two byte order marks, the first of which the decoder dropped', () => {
    const text = '\uFEFF<a>é</a>';
    const bytes = { bomBytes: 3, byteLength: 3 + 3 + 9 };
    expect(utf8Cut(text, 4, 5, bytes)).toEqual({ from: 9, to: 11 });
  });
});
