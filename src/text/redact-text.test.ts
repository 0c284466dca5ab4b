import { describe, expect, it } from 'vitest';
import { REDACTED, redactText } from './redact-text.ts';

describe('redactText', () => {
  it('blanks raw, XML-escaped and percent-encoded forms of the secret', () => {
    const key = 'a&b <c>';
    const text = `raw ${key} xml a&amp;b &lt;c&gt; url ${encodeURIComponent(key)}`;
    const out = redactText(text, [key]);
    expect(out).toBe(`raw ${REDACTED} xml ${REDACTED} url ${REDACTED}`);
  });

  it('blanks the form-encoded form (spaces as +)', () => {
    expect(redactText('OpenIDKey=a+b%26c', ['a b&c'])).toBe(`OpenIDKey=${REDACTED}`);
  });

  it('ignores empty secrets', () => {
    expect(redactText('abc', [''])).toBe('abc');
  });
});
