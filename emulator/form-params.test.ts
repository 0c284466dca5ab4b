import { describe, expect, it } from 'vitest';
import { isDangerousValue, parseUrlEncoded, requestValidationMessage } from './form-params.ts';

describe('url-encoded parameters as ASP.NET reads them', () => {
  it('decodes + as space, %2B as +, %20 as space and UTF-8 escapes', () => {
    const params = parseUrlEncoded(Buffer.from('ServiceURI=a+b%2Bc%20d&T=caf%C3%A9'));
    expect(params.get('ServiceURI')).toBe('a b+c d');
    expect(params.get('T')).toBe('café');
  });
  it('matches names case-insensitively and joins duplicates with a comma', () => {
    const params = parseUrlEncoded(Buffer.from('MediaType=a&mediatype=b&x'));
    expect(params.get('MEDIATYPE')).toBe('a,b');
    expect(params.get('')).toBe('x');
    expect(params.get('missing')).toBeUndefined();
  });
  it('accepts raw UTF-8 bytes and keeps malformed escapes literally', () => {
    expect(parseUrlEncoded(Buffer.from('q=漢字%zz%')).get('q')).toBe('漢字%zz%');
  });
});

describe('request validation', () => {
  it.each([
    ['<b>x</b>', true],
    ['x&#65;y', true],
    ['<!x', true],
    ['</x', true],
    ['a < b', false],
    ['a<1', false],
    ['a & b', false],
    ['<', false],
  ])('%s dangerous: %s', (value, dangerous) => {
    expect(isDangerousValue(value)).toBe(dangerous);
  });
  it('names the collection and HTML-encodes the offending pair', () => {
    const message = requestValidationMessage(
      parseUrlEncoded(Buffer.from('ok=1&ServiceURI=%3Cb%3Ex%3C%2Fb%3E')),
      'QueryString',
    );
    expect(message).toBe(
      'A potentially dangerous Request.QueryString value was detected from the client (ServiceURI=&quot;&lt;b&gt;x&lt;/b&gt;&quot;).',
    );
  });
});
