/**
 * Property tests for the response decoder: whatever bytes arrive (arbitrary, or real captures
 * mutated), it returns a result or throws one of the typed errors, nothing else; and values the
 * server escapes come back exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCapture } from '../../../fixtures/captures.ts';
import { escapeXmlAttribute, escapeXmlText } from '../encode/xml-escape.ts';
import { ERROR_NAMES, InodeError } from '../errors.ts';
import type { Binding, OperationName } from '../operations.ts';
import { parseIndependently, elementChildren } from '../test-support/independent-xml.ts';
import { decodeBody } from '../transport.ts';
import { findForbiddenCharacter } from '../../xml/reader/xml-chars.ts';
import { decodeResponse } from './decode-response.ts';
import { randomElement } from '../../xml/random-xml.test-helper.ts';
import { recordCount } from '../../xml/xml-summary.ts';
import { summarizeXml } from '../../xml/xml-summary-scan.ts';

const NAMESPACE = 'http://assets.example.net/inode/';
const SEEDS = [
  'get_soap11_success',
  'get_soap12_success',
  'get_httppost_success',
  'get_httpget_control_char',
  'get_soap11_badkey_echo_special',
  'add_soap11_success',
  'add_httpget_success',
  'get_soap11_throw',
  'get_soap12_throw',
  'get_httppost_throw',
  'nohttp_get_httpget',
  'get_httppost_cdata_readback',
].map(loadCapture);

const STATUSES = [200, 400, 404, 415, 500, 502];
const CONTENT_TYPES = [
  'text/xml; charset=utf-8',
  'application/soap+xml; charset=utf-8',
  'text/plain; charset=utf-8',
  'text/html',
  'application/json',
  '',
];
const DECODER_ERRORS = ERROR_NAMES.filter(
  (n) => n !== 'InputError' && n !== 'TransportError' && n !== 'TimeoutError',
);

function outcomeOf(
  bytes: Uint8Array,
  status: number,
  contentType: string,
  operation: OperationName,
  binding: Binding,
): string {
  try {
    decodeResponse(
      { operation, binding, namespace: NAMESPACE },
      {
        status,
        headers: contentType ? { 'content-type': contentType } : {},
        bodyText: decodeBody(bytes, contentType),
      },
      { operation, binding, url: 'http://svc/Inode.asmx' },
    );
    return 'result';
  } catch (error) {
    if (!(error instanceof InodeError)) throw error;
    return error.name;
  }
}

const call = fc.record({
  operation: fc.constantFrom<OperationName>('GetAssetStubs', 'AddUserAssetIndex'),
  binding: fc.constantFrom<Binding>('soap11', 'soap12', 'http-post', 'http-get'),
  status: fc.constantFrom(...STATUSES),
  contentType: fc.constantFrom(...CONTENT_TYPES),
});

type Mutation = (bytes: Uint8Array) => Uint8Array;
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.nat({ max: 64 })).map(([at, length]) => (b: Uint8Array) => {
    const start = at % (b.length + 1);
    return Uint8Array.from([...b.subarray(0, start), ...b.subarray(start + length)]);
  }),
  fc
    .tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 16 }))
    .map(([at, inserted]) => (b: Uint8Array) => {
      const start = at % (b.length + 1);
      return Uint8Array.from([...b.subarray(0, start), ...inserted, ...b.subarray(start)]);
    }),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom(
        ...'<>&;"\'/![]?=#x1'.split(''),
        '<!DOCTYPE a>',
        '&#x0;',
        '&#xD800;',
        ']]>',
        '<![CDATA[',
        '</DataStubs>',
        '<DataStubs>',
      ),
    )
    .map(([at, text]) => (b: Uint8Array) => {
      const start = at % (b.length + 1);
      const inserted = new TextEncoder().encode(text);
      return Uint8Array.from([...b.subarray(0, start), ...inserted, ...b.subarray(start)]);
    }),
  fc.nat().map((at) => (b: Uint8Array) => b.subarray(0, at % (b.length + 1))),
);

describe('the response decoder only ever returns a result or throws a typed error', () => {
  it('for arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), call, (bytes, c) => {
        const outcome = outcomeOf(bytes, c.status, c.contentType, c.operation, c.binding);
        expect(['result', ...DECODER_ERRORS]).toContain(outcome);
      }),
      { numRuns: 1000 },
    );
  });

  it('for real captures with bytes deleted, inserted, replaced by markup, or truncated', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEEDS),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        call,
        (capture, mutations, c) => {
          const bytes = mutations.reduce<Uint8Array>(
            (b, m) => m(b),
            new Uint8Array(capture.response.body),
          );
          const contentType =
            capture.response.headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? '';
          for (const [status, type] of [
            [capture.response.status, contentType],
            [c.status, c.contentType],
          ] as const) {
            const outcome = outcomeOf(bytes, status, type, c.operation, c.binding);
            expect(['result', ...DECODER_ERRORS]).toContain(outcome);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('values escaped by the server come back exactly', () => {
  const text = fc
    .string({ unit: 'binary', maxLength: 40 })
    .filter((s) => findForbiddenCharacter(s) === null);

  it('in record fields and inside DataStubs (element text and attributes)', () => {
    fc.assert(
      fc.property(text, text, text, (message, title, uri) => {
        // Escaped the way the server escapes (and CR as a reference, which it must survive).
        const field = escapeXmlText(message);
        const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetAssetStubsResponse xmlns="${NAMESPACE}"><GetAssetStubsResult><Success>true</Success><ErrorMessage>${field}</ErrorMessage><DataStubs><AssetStubs xmlns=""><Stub ServiceURI="${escapeXmlAttribute(uri)}"><Title>${escapeXmlText(title)}</Title></Stub></AssetStubs></DataStubs></GetAssetStubsResult></GetAssetStubsResponse></soap:Body></soap:Envelope>`;
        const { record } = decodeResponse(
          { operation: 'GetAssetStubs', binding: 'soap11', namespace: NAMESPACE },
          { status: 200, headers: { 'content-type': 'text/xml' }, bodyText: body },
          { operation: 'GetAssetStubs', binding: 'soap11', url: '' },
        );
        expect(record.ErrorMessage).toBe(message);
        const stubs = parseIndependently(record.DataStubs ?? '');
        const stub = elementChildren(stubs)[0];
        expect(stub?.attributes).toEqual([{ namespace: '', localName: 'ServiceURI', value: uri }]);
        expect(stub && elementChildren(stub)[0]?.children.join('')).toBe(title);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the record count the decoder gives is the one the page would count', () => {
  const records = fc.array(
    fc.constantFrom(
      '<Stub/>',
      '<Stub a="1"><T>x</T></Stub>',
      '<x:Stub/>',
      '<Other/>',
      ' ',
      '<!-- c -->',
    ),
    {
      maxLength: 6,
    },
  );
  const payload = fc.oneof(
    records.map((children) => `<Stubs>${children.join('')}</Stubs>`),
    fc.tuple(randomElement, fc.option(randomElement)).map(([a, b]) => `${a}${b ?? ''}`),
    fc.constantFrom('', ' ', '&lt;Stubs/&gt;', '<![CDATA[<Stubs><Stub/></Stubs>]]>'),
  );

  it('for payloads of one or several roots, record lists or not, in any form', () => {
    fc.assert(
      fc.property(payload, (stubs) => {
        const body = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:x="urn:x"><soap:Body><GetAssetStubsResponse xmlns="${NAMESPACE}"><GetAssetStubsResult><Success>true</Success><DataStubs>${stubs}</DataStubs></GetAssetStubsResult></GetAssetStubsResponse></soap:Body></soap:Envelope>`;
        const decoded = decodeResponse(
          { operation: 'GetAssetStubs', binding: 'soap11', namespace: NAMESPACE },
          { status: 200, headers: { 'content-type': 'text/xml' }, bodyText: body },
          { operation: 'GetAssetStubs', binding: 'soap11', url: '' },
        );
        const value = decoded.record.DataStubs ?? '';
        if (decoded.dataStubsForm === 'xml') {
          expect(decoded.dataStubsRecordCount).toBe(recordCount(summarizeXml(value)));
        } else {
          expect(decoded.dataStubsRecordCount).toBeUndefined();
        }
      }),
      { numRuns: 500 },
    );
  });
});
