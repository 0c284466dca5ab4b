/**
 * Property tests: any value XML 1.0 can carry survives each binding's encoding exactly, checked
 * with decoders that share nothing with the client (saxes for the SOAP envelopes, the platform's
 * URL and URLSearchParams for form and query). Values it cannot carry are refused before sending.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInodeClient } from '../client.ts';
import { OPERATIONS, OPERATION_NAMES, type Binding, type OperationName } from '../operations.ts';
import { elementChildren, parseIndependently, textOf } from '../test-support/independent-xml.ts';
import { findForbiddenCharacter } from '../../xml/reader/xml-chars.ts';
import { encodeRequest } from './encode-request.ts';

const NAMESPACE = 'http://assets.example.net/inode/';
const TRICKY = [
  '&',
  '<',
  '>',
  '"',
  "'",
  ']]>',
  '\r',
  '\n',
  '\r\n',
  '\t',
  ' ',
  '+',
  '%',
  '=',
  '&amp;',
  '%20',
  'é',
  '漢字',
  '😀',
  '\u00A0',
  '\u2028',
  '\uFEFF',
];

/** Strings mixing any code points with the characters that break naive encoders. */
const anyString = fc
  .array(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'binary', maxLength: 6 })), {
    maxLength: 12,
  })
  .map((parts) => parts.join(''));
const validString = anyString.filter((s) => findForbiddenCharacter(s) === null);

const FORBIDDEN_UNITS = [
  ...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => c !== 0x9 && c !== 0xa && c !== 0xd),
  0xfffe,
  0xffff,
  0xd800,
  0xdbff,
  0xdc00,
  0xdfff,
].map((c) => String.fromCharCode(c));

const valuesFor = (op: OperationName) =>
  fc
    .tuple(validString, validString, validString)
    .map((triple) =>
      Object.fromEntries(OPERATIONS[op].parameters.map((p, i) => [p.name, triple[i] ?? ''])),
    );

function decodeSoapIndependently(body: string): Array<[string, string, string]> {
  const envelope = parseIndependently(body);
  const soapBody = elementChildren(envelope).find((e) => e.localName === 'Body');
  const operation = soapBody ? elementChildren(soapBody)[0] : undefined;
  if (!operation) throw new Error('no operation element');
  return elementChildren(operation).map((e) => [e.namespace, e.localName, textOf(e)]);
}

describe.each(OPERATION_NAMES)('%s: values survive every binding exactly', (op) => {
  const names = OPERATIONS[op].parameters.map((p) => p.name);

  it.each(['soap11', 'soap12'] as const)(
    '%s envelope, read back by an independent XML parser',
    (binding) => {
      fc.assert(
        fc.property(valuesFor(op), (values) => {
          const request = encodeRequest(binding, op, values, { baseUrl: '', namespace: NAMESPACE });
          expect(decodeSoapIndependently(request.body)).toEqual(
            names.map((name) => [NAMESPACE, name, values[name]]),
          );
        }),
        { numRuns: 300 },
      );
    },
  );

  it('http-post form body, read back by URLSearchParams, in table order', () => {
    fc.assert(
      fc.property(valuesFor(op), (values) => {
        const request = encodeRequest('http-post', op, values, { baseUrl: '', namespace: '' });
        expect([...new URLSearchParams(request.body)]).toEqual(names.map((n) => [n, values[n]]));
      }),
      { numRuns: 300 },
    );
  });

  it('http-get query, read back by URL, in table order', () => {
    fc.assert(
      fc.property(valuesFor(op), (values) => {
        const request = encodeRequest('http-get', op, values, {
          baseUrl: 'http://host:1/',
          namespace: '',
        });
        const url = new URL(request.url);
        expect(url.pathname).toBe(`/Inode.asmx/${op}`);
        expect([...url.searchParams]).toEqual(names.map((n) => [n, values[n]]));
      }),
      { numRuns: 300 },
    );
  });
});

describe('values XML 1.0 cannot carry', () => {
  it.each(['soap11', 'soap12', 'http-post', 'http-get'] as Binding[])(
    'are refused on %s before anything is sent, naming the parameter and position',
    async (binding) => {
      await fc.assert(
        fc.asyncProperty(
          validString,
          fc.constantFrom(...FORBIDDEN_UNITS),
          validString,
          fc.constantFrom(...OPERATIONS.AddUserAssetIndex.parameters.map((p) => p.name)),
          async (before, bad, after, parameter) => {
            // A lone low surrogate right after a high one would pair up; keep them apart.
            const value = `${before}\u0020${bad}\u0020${after}`;
            let sent = 0;
            const client = createInodeClient({
              baseUrl: 'http://svc',
              binding,
              namespace: NAMESPACE,
              fetch: () => {
                sent += 1;
                return Promise.reject(new Error('must not send'));
              },
            });
            const params = { OpenIDKey: 'k', ServiceURI: 'u', MediaType: 'm', [parameter]: value };
            await expect(client.addUserAssetIndex(params)).rejects.toMatchObject({
              name: 'InputError',
              parameter,
              position: before.length + 1,
              codePoint: bad.charCodeAt(0),
            });
            expect(sent).toBe(0);
          },
        ),
        { numRuns: 100 },
      );
    },
  );
});
