/**
 * One instance of every kind of call outcome, built with the client's own error classes, for
 * component tests of the outcome banner and the pages.
 */
import {
  HttpError,
  InputError,
  ResponseFormatError,
  ResponseTooLargeError,
  ServiceError,
  SoapFaultError,
  TimeoutError,
  TransportError,
  type AssetStubsRecord,
  type ErrorContext,
  type Exchange,
} from '../protocol/index.ts';

export const TEST_KEY = 'secret-key-123';

export function exchange(
  status: number,
  bodyText: string,
  headers: Record<string, string> = { 'content-type': 'text/xml; charset=utf-8' },
): Exchange {
  return {
    request: {
      method: 'POST',
      url: 'http://localhost/Inode.asmx',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: `<OpenIDKey>${TEST_KEY}</OpenIDKey>`,
    },
    response: { status, statusText: '', headers, bodyText, byteLength: bodyText.length },
    timings: { startedAt: 0, headersMs: 5, totalMs: 7 },
  };
}

export function context(ex?: Exchange): ErrorContext {
  return {
    operation: 'GetAssetStubs',
    binding: 'soap11',
    url: 'http://localhost/Inode.asmx',
    ...(ex ? { exchange: ex } : {}),
  };
}

export const record = (patch: Partial<AssetStubsRecord> = {}): AssetStubsRecord => ({
  Success: true,
  ErrorMessage: '',
  ErrorCode: null,
  Exception: null,
  DataStubs: '<AssetStubs><Stub ID="1"/><Stub ID="2"/></AssetStubs>',
  NewRecordID: '',
  UserID: 'user-1',
  ...patch,
});

/**
 * An answer above the ceiling: the exchange has no body text; `byteLength` is what it says it
 * was (the Blob may be smaller, so a test can name a 312 MB answer without making one).
 */
export function tooLarge(
  body: string,
  limit: number,
  byteLength = new TextEncoder().encode(body).byteLength,
): ResponseTooLargeError {
  const ex = exchange(200, '');
  return new ResponseTooLargeError(
    {
      ...context(),
      exchange: { ...ex, response: { ...ex.response, byteLength, bodyOmitted: true } },
    },
    { body: new Blob([body], { type: 'text/xml; charset=utf-8' }), limit },
  );
}

export const ERRORS = {
  soapFault: new SoapFaultError(context(exchange(500, '<fault/>')), {
    soapVersion: '1.1',
    code: 'soap:Server',
    subcodes: [],
    reason: 'Server was unable to process request. ---> boom',
    detail: '',
  }),
  serviceError: new ServiceError(context(exchange(500, 'System.Exception: boom')), {
    exceptionType: 'System.InvalidOperationException',
    exceptionMessage: 'Sequence contains no elements',
    stackTrace: '   at Inode.GetAssetStubs()',
  }),
  httpError: new HttpError(
    context(exchange(404, '<html>nope</html>', { 'content-type': 'text/html' })),
    {
      status: 404,
      summary: 'The resource cannot be found.',
      bindingDisabled: false,
    },
  ),
  bindingDisabled: new HttpError(
    { ...context(exchange(500, 'Request format is unrecognized')), binding: 'http-get' },
    {
      status: 500,
      summary: 'Request format is unrecognized for URL unexpectedly ending in /GetAssetStubs',
      bindingDisabled: true,
    },
  ),
  targetUnreachable: new HttpError(
    context(
      exchange(502, 'Target http://127.0.0.1:9 is unreachable: ECONNREFUSED', {
        'content-type': 'text/plain; charset=utf-8',
        'x-inode-console-error': 'target-unreachable',
      }),
    ),
    { status: 502, summary: 'Target unreachable', bindingDisabled: false },
  ),
  unexpected: new ResponseFormatError(context(exchange(200, '<html/>')), {
    expected: 'a SOAP 1.1 envelope',
    received: 'text/html',
  }),
  network: new TransportError(context(), 'fetch failed', new Error('ECONNRESET')),
  timeout: new TimeoutError(context(), 5000),
  input: new InputError(context(), { parameter: 'AssetType', position: 3, codePoint: 1 }),
  tooLarge: tooLarge('<soap:Envelope/>', 250 * 1024 * 1024, 327_576_371),
};
