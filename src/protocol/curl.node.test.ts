import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCurlCommand } from './curl.ts';
import { encodeRequest } from './encode/encode-request.ts';
import type { RawRequest } from './types.ts';
import { findForbiddenCharacter } from './xml-chars.ts';

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

  it('survives any body and header value in a POSIX shell (property)', () => {
    const text = fc
      .string({ unit: 'binary', maxLength: 30 })
      .filter((s) => findForbiddenCharacter(s) === null && !s.includes('\0'));
    fc.assert(
      fc.property(text, text, (body, value) => {
        const request: RawRequest = {
          method: 'POST',
          url: 'http://svc/Inode.asmx',
          headers: { 'x-test': value },
          body,
        };
        const args = argumentsSeenByCurl(toCurlCommand(request));
        expect(args.at(-1)).toBe(body);
        expect(args).toContain(`x-test: ${value}`);
      }),
      { numRuns: 60 },
    );
  });
});
