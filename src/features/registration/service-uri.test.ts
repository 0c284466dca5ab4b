import { describe, expect, it } from 'vitest';
import { serviceUriWarning } from './service-uri.ts';

describe('serviceUriWarning', () => {
  it('accepts absolute URIs of any scheme', () => {
    for (const ok of ['https://x.test/a', 'urn:isbn:123', 'ftp://h/p', '']) {
      expect(serviceUriWarning(ok)).toBeUndefined();
    }
  });
  it('warns about relative or schemeless values', () => {
    for (const bad of ['example.org/x', '/path', 'just words']) {
      expect(serviceUriWarning(bad)).toMatch(/not an absolute URI/);
    }
  });
});
