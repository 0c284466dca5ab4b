import { describe, expect, it } from 'vitest';
import { createTargetFetch } from './target-fetch.ts';

/** A fetch that keeps what it was given. */
function recordingFetch() {
  const seen: RequestInit[] = [];
  const fetch: typeof globalThis.fetch = (_input, init) => {
    seen.push(init ?? {});
    return Promise.resolve(new Response('ok'));
  };
  return { fetch, seen };
}

describe('createTargetFetch', () => {
  it('adds the target to a plain record as a plain record, replacing one given in any case', async () => {
    const { fetch, seen } = recordingFetch();
    await createTargetFetch('emulator', fetch)('http://console.test/Inode.asmx', {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml', 'x-inode-target': 'other', SOAPAction: '"a"' },
      body: '<x/>',
    });
    expect(seen[0]?.headers).toEqual({
      'Content-Type': 'text/xml',
      SOAPAction: '"a"',
      'X-Inode-Target': 'emulator',
    });
    expect(seen[0]).toMatchObject({ method: 'POST', body: '<x/>' });
  });

  it.each([
    ['Headers', new Headers({ Accept: 'text/xml', 'X-Inode-Target': 'other' })],
    ['pairs', [['Accept', 'text/xml']] as [string, string][]],
    ['no headers', undefined],
  ])('sets the target on %s', async (_name, headers) => {
    const { fetch, seen } = recordingFetch();
    await createTargetFetch('remote', fetch)(
      'http://console.test/Inode.asmx',
      headers === undefined ? {} : { headers },
    );
    const sent = new Headers(seen[0]?.headers);
    expect(sent.get('x-inode-target')).toBe('remote');
    if (headers !== undefined) expect(sent.get('accept')).toBe('text/xml');
  });

  it('leaves the requests alone without a target', () => {
    const { fetch } = recordingFetch();
    expect(createTargetFetch(null, fetch)).toBe(fetch);
  });
});
