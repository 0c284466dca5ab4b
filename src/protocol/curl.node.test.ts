import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCurlCommand } from './curl.ts';
import { encodeRequest } from './encode/encode-request.ts';
import type { RawRequest } from './types.ts';
import { findForbiddenCharacter } from '../xml/reader/xml-chars.ts';

/** Runs the command in a POSIX shell where `curl` only prints its arguments, NUL-separated. */
function argumentsSeenByCurl(command: string): string[] {
  const out = execFileSync('/bin/sh', ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], {
    encoding: 'utf8',
  });
  return out.split('\0').slice(0, -1);
}

describe('toCurlCommand', () => {
  it('reproduces a SOAP request exactly: method, URL, headers, body', () => {
    const request = encodeRequest(
      'soap11',
      'AddUserAssetIndex',
      { OpenIDKey: "it's", ServiceURI: 'a & b $(x) `y` "z"\n\\', MediaType: '😀' },
      { baseUrl: 'http://svc:8099', namespace: 'http://assets.example.net/inode/' },
    );
    expect(argumentsSeenByCurl(toCurlCommand(request))).toEqual([
      '--globoff',
      '-X',
      'POST',
      'http://svc:8099/Inode.asmx',
      '-H',
      'content-type: text/xml; charset=utf-8',
      '-H',
      'soapaction: "http://assets.example.net/inode/AddUserAssetIndex"',
      '--data-binary',
      request.body,
    ]);
  });

  it('resolves a same-origin URL against the given origin and sends no body for GET', () => {
    const request = encodeRequest(
      'http-get',
      'GetAssetStubs',
      { OpenIDKey: 'k', AssetType: '[x]', OtherFilterCriteria: '' },
      { baseUrl: '', namespace: '' },
    );
    const args = argumentsSeenByCurl(toCurlCommand(request, { origin: 'http://localhost:5173/' }));
    expect(args).toEqual([
      '--globoff',
      '-X',
      'GET',
      'http://localhost:5173/Inode.asmx/GetAssetStubs?OpenIDKey=k&AssetType=%5Bx%5D&OtherFilterCriteria=',
    ]);
  });

  it('survives any body and header value in a POSIX shell (200 generated requests, one shell)', () => {
    const text = fc
      .string({ unit: 'binary', maxLength: 30 })
      .filter((s) => findForbiddenCharacter(s) === null && !s.includes('\0'));
    const requests = fc.sample(
      fc.tuple(text, text).map(([body, value]): RawRequest => ({
        method: 'POST',
        url: 'http://svc/Inode.asmx',
        headers: { 'x-test': value },
        body,
      })),
      200,
    );
    // U+0001 never occurs in a valid value, so it can separate the commands' outputs.
    const script = requests.map((r) => `${toCurlCommand(r)}\nprintf '\\001'`).join('\n');
    const outputs = execFileSync('/bin/sh', ['-c', `curl() { printf '%s\\0' "$@"; }\n${script}`], {
      encoding: 'utf8',
    }).split('\u0001');
    requests.forEach((request, index) => {
      const args = (outputs[index] ?? '').split('\0').slice(0, -1);
      expect(args.at(-1)).toBe(request.body);
      expect(args).toContain(`x-test: ${request.headers['x-test'] ?? ''}`);
    });
  });
});

describe('toCurlCommand in a browser page', () => {
  it('resolves a same-origin URL against the page origin by default', () => {
    const globals = globalThis as { location?: unknown };
    const saved = globals.location;
    globals.location = { origin: 'http://localhost:5181' };
    try {
      const request: RawRequest = { method: 'GET', url: '/Inode.asmx?WSDL', headers: {}, body: '' };
      expect(argumentsSeenByCurl(toCurlCommand(request))).toContain(
        'http://localhost:5181/Inode.asmx?WSDL',
      );
    } finally {
      globals.location = saved;
    }
  });
});
