// The forwarded headers are believed only with INODE_TRUST_PROXY=on: off (the default), a client
// that writes X-Forwarded-Host or -For itself changes nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createConsoleStack } from './console-stack.ts';
import {
  clientAddress,
  createHostCheck,
  crossOriginReason,
  crossSiteReason,
  publicHost,
} from './request-guard.ts';
import { serverSettings } from './settings.ts';
import { targetsFromEnv } from './targets.ts';

const behindProxy = {
  host: '127.0.0.1:8080',
  'x-forwarded-host': 'console.example.org',
  origin: 'https://console.example.org',
};

describe('the Host check', () => {
  it('gives the same verdict every time, past the values it remembers', () => {
    const check = createHostCheck(['console.example.org', '.corp.example']);
    const hosts = [
      'console.example.org:8080',
      'CONSOLE.example.org',
      'a.corp.example',
      'corp.example',
      'localhost:5173',
      '[::1]:8080',
      '10.0.0.5',
      'evil.example',
      'console.example.org.evil.example',
      '',
    ];
    const expected = [true, true, true, true, true, true, true, false, false, false];
    for (let round = 0; round < 3; round++) {
      expect(hosts.map((host) => check(host))).toEqual(expected);
      for (let i = 0; i < 100; i++) {
        expect(check(`n${round}-${i}.corp.example`)).toBe(true);
        expect(check(`n${round}-${i}.evil.example`)).toBe(false);
      }
    }
    expect(check(undefined)).toBe(false);
  });
});

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

describe('INODE_TRUST_PROXY through the server', () => {
  it('is off by default, on when set, and a bad value is refused by name', () => {
    const settings = (env: NodeJS.ProcessEnv) => serverSettings([], env);
    expect(settings({})).toMatchObject({ trustProxy: false });
    expect(settings({ INODE_TRUST_PROXY: 'on' })).toMatchObject({ trustProxy: true });
    expect(serverSettings(['--trust-proxy', 'off'], { INODE_TRUST_PROXY: 'on' })).toMatchObject({
      trustProxy: false,
    });
    expect(() => settings({ INODE_TRUST_PROXY: 'maybe' })).toThrow(
      'INODE_TRUST_PROXY: "maybe" must be on or off',
    );
  });

  it('a browser call behind a Host-rewriting proxy passes only when the proxy is trusted', async () => {
    const statusWith = async (trustProxy: boolean): Promise<number> => {
      const stack = createConsoleStack({
        targets: targetsFromEnv(
          { INODE_TARGET: 'http://127.0.0.1:9' },
          { emulatorByDefault: false },
        ),
        basePath: '/',
        allowedHosts: [],
        proxy: {},
        trustProxy,
        loadEmulator: () => Promise.reject(new Error('no emulator in this test')),
      });
      const server = http.createServer((req, res) =>
        stack.middleware(req, res, () => res.writeHead(404).end()),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/__console/targets`, {
          headers: behindProxy,
        });
        return answer.status;
      } finally {
        server.close();
        await stack.close();
      }
    };
    expect(await statusWith(false)).toBe(403);
    expect(await statusWith(true)).toBe(200);
  });
});
