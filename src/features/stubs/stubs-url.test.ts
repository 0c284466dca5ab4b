import { describe, expect, it } from 'vitest';
import { readStubsUrl, writeStubsUrl } from './stubs-url.ts';

describe('stubs URL state', () => {
  it('round-trips the non-secret parameters and the binding', () => {
    const state = {
      AssetType: 'image',
      OtherFilterCriteria: 'a=1&b',
      binding: 'http-get' as const,
    };
    expect(readStubsUrl(writeStubsUrl(state))).toEqual(state);
  });

  it('never reads or writes the key, and ignores unknown bindings', () => {
    const read = readStubsUrl(new URLSearchParams('OpenIDKey=k&binding=ftp'));
    expect(read).toEqual({ AssetType: '', OtherFilterCriteria: '', binding: null });
    expect(writeStubsUrl(read).toString()).toBe('');
  });
});
