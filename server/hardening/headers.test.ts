// Credentials and headers across the proxy: the target sees only allowlisted request headers,
// Authorization and Cookie only when configured for it; the caller never gets the target's
// Set-Cookie, and the console's own security headers win over the target's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type Console } from './harness.ts';
import { rawExchange, startRawUpstream, type RawUpstream } from './raw-upstream.ts';
import { ANSWER_CONTENT_SECURITY_POLICY } from '../security-headers.ts';

let plain: RawUpstream;
let trusted: RawUpstream;
let app: Console;

beforeAll(async () => {
  plain = await startRawUpstream();
  trusted = await startRawUpstream();
  app = await startConsole([
    '--target',
    plain.origin,
    '--targets',
    `sso=${trusted.origin}`,
    '--pass-credentials',
    'sso',
  ]);
});

afterAll(async () => {
  await app.close();
  await plain.close();
  await trusted.close();
});

const CALLER_HEADERS = {
  Authorization: 'Basic c2VjcmV0OnNlY3JldA==',
  Cookie: 'console_session=abc',
  'Content-Type': 'text/xml; charset=utf-8',
  SOAPAction: '"http://tempuri.org/GetAssetStubs"',
  'Accept-Language': 'en',
  'X-Forwarded-For': '10.9.9.9',
  'X-Custom-Trace': 'abc',
  'Sec-Fetch-Site': 'same-origin',
};

describe('request headers', () => {
  it('forwards the SOAP headers and nothing else to a target not configured for credentials', async () => {
    const answer = await fetch(`${app.origin}/Inode.asmx?t=plain`, {
      method: 'POST',
      headers: CALLER_HEADERS,
      body: '<x/>',
    });
    expect(answer.status).toBe(200);
    const seen = plain.seen.at(-1)?.headers ?? {};
    expect(Object.keys(seen).sort()).toEqual(
      [
        'accept',
        'accept-encoding',
        'accept-language',
        'content-length',
        'content-type',
        'host',
        'soapaction',
        'user-agent',
        'connection',
      ].sort(),
    );
    expect(seen.soapaction).toBe('"http://tempuri.org/GetAssetStubs"');
  });

  it('forwards Authorization and Cookie only to the target INODE_PASS_CREDENTIALS names', async () => {
    await fetch(`${app.origin}/Inode.asmx?t=sso`, {
      headers: { ...CALLER_HEADERS, 'X-Inode-Target': 'sso' },
    });
    const seen = trusted.seen.at(-1)?.headers ?? {};
    expect(seen.authorization).toBe(CALLER_HEADERS.Authorization);
    expect(seen.cookie).toBe(CALLER_HEADERS.Cookie);
    expect(seen['x-custom-trace']).toBeUndefined();
  });

  it('refuses to start when INODE_PASS_CREDENTIALS names no remote target', async () => {
    await expect(
      startConsole(['--target', plain.origin, '--pass-credentials', 'nope']),
    ).rejects.toThrow(
      'INODE_PASS_CREDENTIALS: "nope" is not a remote target (remote targets: remote)',
    );
  });
});

describe('answer headers', () => {
  it('drops Set-Cookie and keeps the console security headers over the target’s', async () => {
    const answer = await fetch(`${app.origin}/Inode.asmx/cookie?t=c`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('c|');
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('content-security-policy')).toBe(ANSWER_CONTENT_SECURITY_POLICY);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    // The console's answers carry no Permissions-Policy; the target may not grant one either.
    expect(answer.headers.get('permissions-policy')).toBeNull();
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('x-inode-console-error')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('passes the target’s headers on as sent, minus the hop-by-hop ones', async () => {
    const answer = await rawExchange(
      app.port,
      `GET /Inode.asmx/odd-head?t=odd HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nConnection: close\r\n\r\n`,
    );
    const [head = '', body] = answer.split('\r\n\r\n');
    const lines = head.split('\r\n').slice(1);
    expect(body).toBe('odd|');
    expect(lines.filter((l) => /^content-length:/i.test(l))).toEqual(['Content-Length: 4']);
    expect(lines.filter((l) => /^x-hop:/i.test(l))).toEqual([]);
    expect(lines).toContain('X-Latin: caf\xe9');
    expect(lines.filter((l) => /^x-twice:/i.test(l))).toEqual(['X-Twice: one', 'X-Twice: two']);
    expect(lines).toContain(`Content-Security-Policy: ${ANSWER_CONTENT_SECURITY_POLICY}`);
  });

  it('refuses an answer that states its length twice with a 502 that says so, as nginx does', async () => {
    const answer = await fetch(`${app.origin}/Inode.asmx/twice-length?t=twice`);
    expect(answer.status).toBe(502);
    expect(answer.headers.get('x-inode-console-error')).toBe('target-unreachable');
    expect(await answer.text()).toContain('Content-Length');
    expect(await (await fetch(`${app.origin}/Inode.asmx?t=next`)).text()).toBe('next|');
  });
});
