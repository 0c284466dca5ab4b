/**
 * Test-only: GetAssetStubs answers as the network delivers them, for the tests that read an
 * answer as it arrives and compare it with the same answer read whole: real captures, mutated
 * byte by byte, served by a fetch in whatever pieces the test cuts.
 */
import fc from 'fast-check';
import { loadCapture, type Capture } from '../../../fixtures/captures.ts';
import type { Binding } from '../operations.ts';
import { cutInPieces } from './cut-in-pieces.ts';

/** Captures of every binding and outcome: results, a fault, control characters, CDATA. */
export const ARRIVING_SEEDS: readonly Capture[] = [
  'get_soap11_success',
  'get_soap12_success',
  'get_httppost_success',
  'get_httpget_control_char',
  'get_soap11_badkey_echo_special',
  'get_soap11_throw',
  'get_httppost_cdata_readback',
].map(loadCapture);

const BINDINGS: Record<string, Binding> = {
  soap11: 'soap11',
  soap12: 'soap12',
  httppost: 'http-post',
  httpget: 'http-get',
};

/** The binding a capture was made over, from its name (`get_soap12_…`). */
export function bindingOf(capture: Capture): Binding {
  return BINDINGS[capture.name.split('_')[1] ?? ''] ?? 'soap11';
}

/** The capture's Content-Type, `text/xml` when it sent none. */
export function contentTypeOf(capture: Capture): string {
  return (
    capture.response.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ??
    'text/xml'
  );
}

/** A fetch answering with `bytes`, delivered in the pieces `cuts` makes. */
export function fetchInPieces(
  bytes: Uint8Array,
  cuts: readonly number[],
  contentType: string,
): typeof fetch {
  return () => {
    const pieces = cutInPieces(bytes, cuts);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = pieces.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    return Promise.resolve(new Response(body, { headers: { 'content-type': contentType } }));
  };
}

/**
 * A change to a body's bytes: none, some bytes cut out, or characters inserted anywhere that
 * the decode must tolerate or refuse (non-ASCII, a reference, a DOCTYPE, a stray end tag, a
 * U+FEFF, a control character, and 0xFF, a byte UTF-8 cannot start with, which the decoder
 * replaces).
 */
export const bodyMutation = fc.oneof(
  fc.constant((b: Uint8Array) => b),
  fc.tuple(fc.nat(), fc.nat({ max: 32 })).map(([at, length]) => (b: Uint8Array) => {
    const start = at % (b.length + 1);
    return Uint8Array.from([...b.subarray(0, start), ...b.subarray(start + length)]);
  }),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('é', '😀', '&#x1;', '<!DOCTYPE a>', '</x>', '\uFEFF', '\u0002', '\xff'),
    )
    .map(([at, text]) => (b: Uint8Array) => {
      const start = at % (b.length + 1);
      const inserted = text === '\xff' ? [0xff] : [...new TextEncoder().encode(text)];
      return Uint8Array.from([...b.subarray(0, start), ...inserted, ...b.subarray(start)]);
    }),
);

/** The capture's body changed by `mutate`, after a UTF-8 byte order mark `withBom`. */
export function arrivingBody(
  capture: Capture,
  mutate: (bytes: Uint8Array) => Uint8Array,
  withBom: boolean,
): Uint8Array {
  const body = mutate(new Uint8Array(capture.response.body));
  return withBom ? Uint8Array.from([0xef, 0xbb, 0xbf, ...body]) : body;
}
