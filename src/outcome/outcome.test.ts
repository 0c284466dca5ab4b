import { describe, expect, it } from 'vitest';
import { HttpError, TimeoutError } from '../protocol/index.ts';
import {
  describeError,
  describeRegistrationValue,
  isErrorString,
  redactOutcome,
} from './outcome.ts';
import { context, ERRORS, exchange, TEST_KEY } from '../test/call-errors.ts';

describe('outcome', () => {
  it('gives every error class its own kind', () => {
    expect(describeError(ERRORS.soapFault).kind).toBe('soap-fault');
    expect(describeError(ERRORS.serviceError).kind).toBe('service-error');
    expect(describeError(ERRORS.httpError).kind).toBe('http-error');
    expect(describeError(ERRORS.unexpected).kind).toBe('unexpected-response');
    expect(describeError(ERRORS.network).kind).toBe('network-failure');
    expect(describeError(ERRORS.timeout).kind).toBe('timeout');
    expect(describeError(ERRORS.input).kind).toBe('input-error');
    expect(describeError(ERRORS.tooLarge).kind).toBe('too-large');
    expect(describeError(new Error('boom')).title).toBe('The call failed');
  });

  it("names the console server's own refusals: the call never reached the service", () => {
    const refused = (status: number, marker: string, sentence: string) =>
      describeError(
        new HttpError(
          context(
            exchange(status, `${sentence}\n`, {
              'content-type': 'text/plain; charset=utf-8',
              'x-inode-console-error': marker,
            }),
          ),
          { status, summary: sentence, bindingDisabled: false },
        ),
      );
    const busy = refused(503, 'upstream-busy', 'Every connection to Inode target "x" stayed busy');
    expect(busy.title).toBe('The service is busy');
    expect(busy.message).toContain('not sent');
    expect(busy.facts).toContainEqual({
      label: 'Console server said',
      value: 'Every connection to Inode target "x" stayed busy',
    });
    expect(refused(413, 'body-too-large', 'too large').title).toBe(
      'The request is too large for the console server',
    );
    expect(refused(400, 'bad-framing', 'ambiguous').title).toBe(
      'The console server refused the request',
    );
    // A marker the console does not know stays a plain HTTP error.
    expect(refused(500, 'something-new', 'x').title).toBe('HTTP error 500');
  });

  it('gives an answer above the ceiling its size, the ceiling and the way out', () => {
    const view = describeError(ERRORS.tooLarge);
    expect(view.title).toBe('The answer is too large to open here');
    expect(view.message).toBe(
      'The answer is 312.4 MB, above the 250.0 MB this console opens (Settings). Download it to open it elsewhere.',
    );
    expect(view.facts).toEqual([
      { label: 'Size', value: '327,576,371 bytes' },
      { label: 'HTTP status', value: '200' },
      { label: 'Content type', value: 'text/xml; charset=utf-8' },
    ]);
    expect(JSON.stringify(view)).not.toContain(TEST_KEY);
  });

  it('treats ERROR-prefixed AddUserAssetIndex answers as failures', () => {
    expect(isErrorString('ERROR: no such user')).toBe(true);
    expect(isErrorString('error - x')).toBe(true);
    expect(isErrorString('4f1c9a1e-0000-4000-8000-000000000000')).toBe(false);
    expect(describeRegistrationValue('').facts[0]?.value).toBe('(empty)');
  });

  it('blanks the key from messages that name an HTTP GET URL', () => {
    const url = 'http://localhost/Inode.asmx/GetAssetStubs?OpenIDKey=top%2Bsecret&AssetType=';
    const error = new TimeoutError({ operation: 'GetAssetStubs', binding: 'http-get', url }, 1000);
    const view = describeError(error);
    expect(view.detail).toContain('top%2Bsecret');
    const redacted = redactOutcome(view, ['top+secret']);
    expect(JSON.stringify(redacted)).not.toContain('secret');
    expect(redacted.detail).toContain('OpenIDKey=••••••');
  });
});
