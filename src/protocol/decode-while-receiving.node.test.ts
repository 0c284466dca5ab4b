/**
 * A GetAssetStubs answer is decoded to text and scanned piece by piece as it arrives
 * (performExchange's onBodyText feeding a DocumentScanner): the outcome must be the one the
 * whole body gives, wherever the network cuts it (inside a UTF-8 sequence, a tag, a reference,
 * a byte order mark) and whatever the body holds (real captures, mutated).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InodeError } from './errors.ts';
import type { Binding } from './operations.ts';
import { DocumentScanner } from './decode/scan-document.ts';
import { WarningSink } from './decode/xml-text.ts';
import { decodeResponse } from './decode/decode-response.ts';
import { decodeBody, performExchange } from './transport.ts';
import {
  ARRIVING_SEEDS,
  arrivingBody,
  bindingOf,
  bodyMutation,
  contentTypeOf,
  fetchInPieces,
} from './test-support/arriving-answers.node.test-helper.ts';

const NAMESPACE = 'http://tempuri.org/';

/** The decoded outcome as plain data: the result, or the typed error's name and message. */
function outcome(decode: () => unknown): unknown {
  try {
    return { result: decode() };
  } catch (error) {
    if (!(error instanceof InodeError)) throw error;
    return { error: error.name, message: error.message };
  }
}

async function decodedWhileReceiving(
  bytes: Uint8Array,
  cuts: readonly number[],
  contentType: string,
  binding: Binding,
): Promise<{ bodyText: string; outcome: unknown }> {
  const scanner = new DocumentScanner(new WarningSink());
  const exchange = await performExchange(
    { method: 'POST', url: 'http://svc/Inode.asmx', headers: {}, body: '' },
    {
      fetch: fetchInPieces(bytes, cuts, contentType),
      timeoutMs: 5_000,
      onBodyText: (piece) => scanner.push(piece),
    },
  );
  const call = { operation: 'GetAssetStubs' as const, binding, namespace: null };
  const context = { operation: 'GetAssetStubs' as const, binding, url: '' };
  return {
    bodyText: exchange.response.bodyText,
    outcome: outcome(() => decodeResponse(call, exchange.response, context, scanner)),
  };
}

function decodedWhole(bytes: Uint8Array, contentType: string, binding: Binding) {
  const response = { status: 200, headers: { 'content-type': contentType }, bodyText: '' };
  response.bodyText = decodeBody(bytes, contentType);
  const call = { operation: 'GetAssetStubs' as const, binding, namespace: null };
  const context = { operation: 'GetAssetStubs' as const, binding, url: '' };
  return {
    bodyText: response.bodyText,
    outcome: outcome(() => decodeResponse(call, response, context)),
  };
}

describe('a GetAssetStubs answer decoded while it arrives', () => {
  it('gives the whole body’s text and outcome, for captures mutated and cut anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ARRIVING_SEEDS),
        bodyMutation,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        async (capture, mutate, cuts, withBom) => {
          const bytes = arrivingBody(capture, mutate, withBom);
          const binding = bindingOf(capture);
          const contentType = contentTypeOf(capture);
          const expected = decodedWhole(bytes, contentType, binding);
          expect(await decodedWhileReceiving(bytes, cuts, contentType, binding)).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('cut after every byte, in UTF-8, UTF-16 and Latin-1', async () => {
    const xml = `<?xml version="1.0"?><string xmlns="${NAMESPACE}">Grüße, 漢字 😀 &amp; &#x1;</string>`;
    const root = `<r_Inode xmlns="${NAMESPACE}"><Success>true</Success><DataStubs><s t="${xml.length}">Grüße 😀</s></DataStubs></r_Inode>`;
    for (const [bytes, contentType] of [
      [new TextEncoder().encode(root), 'text/xml; charset=utf-8'],
      [Uint8Array.from(Buffer.from(`\uFEFF${root}`, 'utf16le')), 'text/xml; charset=utf-16le'],
      [
        Uint8Array.from(root.replace(/[^\0-\xff]/gu, '?'), (c) => c.charCodeAt(0)),
        'text/xml; charset=iso-8859-1',
      ],
    ] as const) {
      const cuts = [...bytes.keys()];
      const expected = decodedWhole(bytes, contentType, 'http-post');
      expect(expected.outcome).toMatchObject({ result: { record: { Success: true } } });
      expect(await decodedWhileReceiving(bytes, cuts, contentType, 'http-post')).toEqual(expected);
    }
  });
});
