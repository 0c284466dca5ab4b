// The forwarded headers are believed only with INODE_TRUST_PROXY=on: off (the default), a client
// that writes X-Forwarded-Host or -For itself changes nothing.
import { describe, expect, it } from 'vitest';
import { clientAddress, crossOriginReason, crossSiteReason, publicHost } from './request-guard.ts';

const behindProxy = {
  host: '127.0.0.1:8080',
  'x-forwarded-host': 'console.example.org',
  origin: 'https://console.example.org',
};

describe('X-Forwarded-Host', () => {
  it('is ignored when the proxy is not trusted: the origin must match Host', () => {
    expect(crossSiteReason({ headers: behindProxy })).toBe('Origin: https://console.example.org');
    expect(crossSiteReason({ headers: behindProxy }, false)).toBe(
      'Origin: https://console.example.org',
    );
    expect(crossOriginReason({ headers: behindProxy })).toBe('Origin: https://console.example.org');
    expect(publicHost({ headers: behindProxy }, false)).toBe('127.0.0.1:8080');
  });

  it('names the public host when the proxy is trusted', () => {
    expect(crossSiteReason({ headers: behindProxy }, true)).toBeNull();
    expect(crossOriginReason({ headers: behindProxy }, true)).toBeNull();
    expect(publicHost({ headers: behindProxy }, true)).toBe('console.example.org');
  });

  it('trusted, the first of several values counts, and Host still does', () => {
    const chain = { ...behindProxy, 'x-forwarded-host': 'Console.Example.org, inner.lan' };
    expect(publicHost({ headers: chain }, true)).toBe('console.example.org');
    expect(crossSiteReason({ headers: chain }, true)).toBeNull();
    const direct = { host: 'console.example.org', origin: 'https://console.example.org' };
    expect(crossSiteReason({ headers: direct }, true)).toBeNull();
    expect(crossSiteReason({ headers: direct }, false)).toBeNull();
  });

  it('trusted, a different origin is still refused', () => {
    const other = { ...behindProxy, origin: 'https://attacker.example' };
    expect(crossSiteReason({ headers: other }, true)).toBe('Origin: https://attacker.example');
    expect(crossOriginReason({ headers: other }, true)).toBe('Origin: https://attacker.example');
  });
});

describe('X-Forwarded-For', () => {
  const request = (forwardedFor: string | undefined) => ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: '127.0.0.1' },
  });

  it('is ignored when the proxy is not trusted: the peer address counts', () => {
    expect(clientAddress(request('203.0.113.9'), false)).toBe('127.0.0.1');
  });

  it('trusted, the entry the proxy added (the last) counts, not what the client wrote', () => {
    expect(clientAddress(request('203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientAddress(request('10.6.6.6, 203.0.113.9'), true)).toBe('203.0.113.9');
  });

  it('trusted but absent or empty: the peer address', () => {
    expect(clientAddress(request(undefined), true)).toBe('127.0.0.1');
    expect(clientAddress(request(' '), true)).toBe('127.0.0.1');
  });
});
