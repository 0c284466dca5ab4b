import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeRequest } from './encode/encode-request.ts';
import {
  REDACTED,
  redactErrorParts,
  redactExchange,
  redactRequest,
  redactString,
  stringRedactor,
} from './redact.ts';
import type { Exchange } from './types.ts';
import { findForbiddenCharacter } from '../xml/reader/xml-chars.ts';

const KEY = `k&<>"' +%=é😀`;
const NS = 'http://assets.example.net/inode/';

function exchangeFor(
  binding: 'soap11' | 'soap12' | 'http-post' | 'http-get',
  key: string,
): Exchange {
  const request = encodeRequest(
    binding,
    'GetAssetStubs',
    { OpenIDKey: key, AssetType: 'image', OtherFilterCriteria: '' },
    { baseUrl: 'http://svc', namespace: NS },
  );
  const echoed = key.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    request,
    response: {
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'text/xml', 'x-echo': key },
      bodyText: `<Exception>OpenIDKey '${echoed}' is not valid</Exception>`,
      byteLength: 10,
    },
    timings: { startedAt: 1, headersMs: 2, totalMs: 3 },
  };
}

describe('redactExchange / redactRequest', () => {
  it.each(['soap11', 'soap12', 'http-post', 'http-get'] as const)(
    'leaves no trace of the key in any encoding the %s binding uses',
    (binding) => {
      const original = exchangeFor(binding, KEY);
      const snapshot = structuredClone(original);
      const redacted = redactExchange(original, [KEY]);
      const everything = JSON.stringify(redacted);
      for (const trace of ['k&amp;', 'k%26', 'k&<', '%F0%9F%98%80', '😀']) {
        expect(everything).not.toContain(trace);
      }
      expect(everything).toContain(REDACTED);
      expect(`${redacted.request.url} ${redacted.request.body}`).toContain('image');
      expect(redacted.response.bodyText).toBe(
        `<Exception>OpenIDKey '${REDACTED}' is not valid</Exception>`,
      );
      expect(original).toEqual(snapshot);
    },
  );

  it('keeps everything else intact and ignores empty secrets', () => {
    const original = exchangeFor('http-get', 'alice');
    expect(redactRequest(original.request, ['alice']).url).toBe(
      `http://svc/Inode.asmx/GetAssetStubs?OpenIDKey=${REDACTED}&AssetType=image&OtherFilterCriteria=`,
    );
    expect(redactExchange(original, [''])).toEqual(original);
  });

  it('removes any key from every binding (property)', () => {
    const key = fc
      .string({ unit: 'binary', minLength: 3, maxLength: 20 })
      .filter(
        (s) => findForbiddenCharacter(s) === null && s.trim().length >= 3 && !REDACTED.includes(s),
      );
    fc.assert(
      fc.property(
        key,
        fc.constantFrom('soap11', 'soap12', 'http-post', 'http-get' as const),
        (k, binding) => {
          const request = redactRequest(exchangeFor(binding, k).request, [k]);
          const form = new URLSearchParams(
            binding === 'http-get' ? new URL(request.url).search : request.body,
          );
          if (binding === 'http-get' || binding === 'http-post') {
            expect(form.get('OpenIDKey')).toBe(REDACTED);
          } else {
            expect(request.body).toContain(`<OpenIDKey>${REDACTED}</OpenIDKey>`);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('redactString / redactErrorParts', () => {
  it('removes a key from any text in every encoding', () => {
    expect(redactString(`a ${KEY} b ${encodeURIComponent(KEY)} c`, [KEY])).toBe(
      `a ${REDACTED} b ${REDACTED} c`,
    );
  });

  it('a stringRedactor redacts as redactString does, text after text', () => {
    const key = 'a&b <c>';
    const redact = stringRedactor([key]);
    for (const text of [
      `raw ${key}`,
      `xml a&amp;b &lt;c&gt;`,
      `url ${encodeURIComponent(key)}`,
      'none',
    ])
      expect(redact(text)).toBe(redactString(text, [key]));
    expect(redact(`x ${key}`)).toBe(`x ${REDACTED}`);
  });

  it('removes raw, XML-escaped, percent- and form-encoded forms, and ignores empty secrets', () => {
    const key = 'a&b <c>';
    const text = `raw ${key} xml a&amp;b &lt;c&gt; url ${encodeURIComponent(key)}`;
    expect(redactString(text, [key])).toBe(`raw ${REDACTED} xml ${REDACTED} url ${REDACTED}`);
    expect(redactString('OpenIDKey=a+b%26c', ['a b&c'])).toBe(`OpenIDKey=${REDACTED}`);
    expect(redactString('abc', [''])).toBe('abc');
  });

  it('removes from error messages and causes only the occurrences that stand alone', () => {
    const inner = new TypeError(
      'Failed to parse URL from http://h/Inode.asmx/Op?OpenIDKey=a&AssetType=',
    );
    const cause = new TypeError('fetch failed', { cause: inner });
    const clean = redactErrorParts(
      "System.InvalidOperationException: value 'a' of OpenIDKey=a is invalid",
      cause,
      ['a'],
    );
    expect(clean.detail).toBe(
      `System.InvalidOperationException: value '${REDACTED}' of OpenIDKey=${REDACTED} is invalid`,
    );
    const cleanCause = clean.cause as Error;
    expect(cleanCause).not.toBe(cause);
    expect(cleanCause.name).toBe('TypeError');
    expect(cleanCause.message).toBe('fetch failed');
    expect((cleanCause.cause as Error).message).toBe(
      `Failed to parse URL from http://h/Inode.asmx/Op?OpenIDKey=${REDACTED}&AssetType=`,
    );
    expect(redactErrorParts('nothing here', cause, ['zzz']).cause).toBe(cause);
    expect(redactErrorParts('unknown key xsekr3t-keyx', undefined, ['sekr3t-key']).detail).toBe(
      `unknown key x${REDACTED}x`,
    );
  });
});
