import { describe, expect, it } from 'vitest';
import * as protocol from '../../protocol/index.ts';
import type { ErrorContext, Exchange } from '../../protocol/index.ts';
import {
  isHttpError,
  isInodeError,
  isInputError,
  isResponseFormatError,
  isResponseTooLargeError,
  isServiceError,
  isSoapFaultError,
  isTimeoutError,
  isTransportError,
} from '../../outcome/error-kinds.ts';
import { protocolErrorClasses, rebuildError, serializeError } from './error-transfer.ts';

const exchange: Exchange = {
  request: {
    method: 'POST',
    url: 'http://console.test/Inode.asmx',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body: '<soap:Envelope/>',
  },
  response: {
    status: 500,
    statusText: 'Internal Server Error',
    headers: { 'content-type': 'text/xml' },
    bodyText: '<soap:Envelope><soap:Body><soap:Fault/></soap:Body></soap:Envelope>',
    byteLength: 66,
  },
  timings: { startedAt: 1_700_000_000_000, headersMs: 4, totalMs: 6 },
};

const context: ErrorContext = {
  operation: 'GetAssetStubs',
  binding: 'soap11',
  url: 'http://console.test/Inode.asmx',
  exchange,
};

/** One of every class the protocol throws, each with its own fields set. */
const samples = [
  { error: new protocol.InodeError(context, 'base'), is: isInodeError },
  {
    error: new protocol.SoapFaultError(context, {
      soapVersion: '1.2',
      code: 'soap:Receiver',
      subcodes: ['app:Busy'],
      reason: 'Server was unable to process request.',
      detail: '<d/>',
      role: 'urn:role',
    }),
    is: isSoapFaultError,
  },
  {
    error: new protocol.ServiceError(
      { ...context, binding: 'http-post' },
      {
        exceptionType: 'System.ArgumentException',
        exceptionMessage: 'bad key',
        stackTrace: '   at Inode.GetAssetStubs()',
      },
    ),
    is: isServiceError,
  },
  {
    error: new protocol.HttpError(
      { ...context, binding: 'http-get' },
      { status: 500, summary: 'Request format is unrecognized', bindingDisabled: true },
    ),
    is: isHttpError,
  },
  {
    error: new protocol.ResponseFormatError(context, {
      expected: 'a SOAP 1.1 envelope',
      received: 'text/html',
    }),
    is: isResponseFormatError,
  },
  {
    error: new protocol.TransportError(
      { operation: 'AddUserAssetIndex', binding: 'soap12', url: 'http://console.test/Inode.asmx' },
      'network failure',
      new TypeError('Failed to fetch'),
    ),
    is: isTransportError,
  },
  { error: new protocol.TimeoutError(context, 1500), is: isTimeoutError },
  {
    error: new protocol.ResponseTooLargeError(
      {
        ...context,
        exchange: {
          ...exchange,
          response: { ...exchange.response, bodyText: '', byteLength: 9, bodyOmitted: true },
        },
      },
      { body: new Blob(['<a>toobig'], { type: 'text/xml' }), limit: 8 },
    ),
    is: isResponseTooLargeError,
  },
  {
    error: new protocol.InputError(
      { ...context, request: exchange.request, exchange: undefined as never },
      { parameter: 'AssetType', position: 3, codePoint: 1 },
    ),
    is: isInputError,
  },
];

function roundTrip(error: unknown): Error {
  // structuredClone is what postMessage applies between the worker and the page.
  return rebuildError(structuredClone(serializeError(error)), protocolErrorClasses(protocol));
}

function ownFields(error: Error): Record<string, unknown> {
  return Object.fromEntries(Object.entries(error));
}

describe('error transfer between the client worker and the page', () => {
  it.each(samples.map((sample) => [sample.error.name, sample] as const))(
    '%s comes back as the same class with the same fields',
    (_name, { error, is }) => {
      const rebuilt = roundTrip(error);

      expect(rebuilt).toBeInstanceOf(error.constructor);
      expect(rebuilt).toBeInstanceOf(protocol.InodeError);
      expect(rebuilt).toBeInstanceOf(Error);
      expect(rebuilt.name).toBe(error.name);
      expect(rebuilt.message).toBe(error.message);
      expect(ownFields(rebuilt)).toEqual(ownFields(error));
      expect(Object.keys(rebuilt)).not.toContain('message');
      expect(is(rebuilt)).toBe(true);
      expect(isInodeError(rebuilt)).toBe(true);
    },
  );

  it('keeps the fields each outcome is shown with', () => {
    const [, fault, service, http, format, transport, timeout, , input] = samples.map((sample) =>
      roundTrip(sample.error),
    );
    expect((fault as protocol.SoapFaultError).fault.subcodes).toEqual(['app:Busy']);
    expect((fault as protocol.SoapFaultError).exchange?.response.status).toBe(500);
    expect((service as protocol.ServiceError).stackTrace).toBe('   at Inode.GetAssetStubs()');
    expect((http as protocol.HttpError).bindingDisabled).toBe(true);
    expect((format as protocol.ResponseFormatError).received).toBe('text/html');
    expect((timeout as protocol.TimeoutError).timeoutMs).toBe(1500);
    expect((input as protocol.InputError).codePoint).toBe(1);
    expect((input as protocol.InputError).request?.url).toBe(exchange.request.url);
    const cause = (transport as protocol.TransportError).cause;
    expect(cause).toBeInstanceOf(TypeError);
    expect((cause as Error).message).toBe('Failed to fetch');
  });

  it('brings a too-large answer back with its exact bytes as a Blob and no body text', async () => {
    const sample = samples.find((s) => s.error.name === 'ResponseTooLargeError');
    const rebuilt = roundTrip(sample?.error) as protocol.ResponseTooLargeError;
    expect(rebuilt).toBeInstanceOf(protocol.ResponseTooLargeError);
    expect(rebuilt).toMatchObject({
      byteLength: 9,
      limit: 8,
      status: 500,
      contentType: 'text/xml',
    });
    expect(rebuilt.body).toBeInstanceOf(Blob);
    expect(rebuilt.body.type).toBe('text/xml');
    expect(await rebuilt.body.text()).toBe('<a>toobig');
    expect(rebuilt.exchange.response).toMatchObject({ bodyText: '', bodyOmitted: true });
  });

  it('rebuilds a namespace discovery failure with its kind and status', () => {
    const error = new protocol.NamespaceDiscoveryError({
      kind: 'http',
      url: 'http://console.test/Inode.asmx?WSDL',
      detail: 'HTTP 404',
      status: 404,
      exchange,
      timeoutMs: 30_000,
    });
    const rebuilt = roundTrip(error);
    expect(rebuilt).toBeInstanceOf(protocol.NamespaceDiscoveryError);
    expect(rebuilt.name).toBe('NamespaceDiscoveryError');
    expect(ownFields(rebuilt)).toEqual(ownFields(error));
    expect(isInodeError(rebuilt)).toBe(false);
  });

  it('turns anything else into a plain Error that keeps its name and text', () => {
    const strange = Object.assign(new Error('chunk missing'), { name: 'ChunkLoadError' });
    const rebuilt = roundTrip(strange);
    expect(rebuilt).toBeInstanceOf(Error);
    expect(rebuilt).not.toBeInstanceOf(protocol.InodeError);
    expect(rebuilt.name).toBe('ChunkLoadError');
    expect(rebuilt.message).toBe('chunk missing');
    expect(roundTrip(new RangeError('out of range'))).toBeInstanceOf(RangeError);

    const thrownString = roundTrip('not an error');
    expect(thrownString.message).toBe('not an error');
    expect(isInodeError(thrownString)).toBe(false);
  });

  it('sends uncloneable field values as text instead of failing the post', () => {
    const error = Object.assign(new Error('odd'), { callback: () => 1 });
    const rebuilt = roundTrip(error) as Error & { callback: unknown };
    expect(typeof rebuilt.callback).toBe('string');
  });
});
