/**
 * The typed outcomes of a call that did not produce a result. Every class names the operation,
 * binding and URL in its message and carries the raw exchange whenever a response arrived, so
 * the console can always show exactly what went over the wire.
 */
import { BINDINGS, type Binding, type OperationName } from './operations.ts';
import type { Exchange, RawRequest } from './types.ts';
import { redactErrorParts } from './redact.ts';
import { firstLine } from '../text/format.ts';

/** Where an error happened: which call, over which binding, to which URL. */
export interface ErrorContext {
  operation: OperationName;
  binding: Binding;
  url: string;
  request?: RawRequest;
  exchange?: Exchange;
  /** Values no message may show (the OpenIDKey); never kept on the error. */
  secrets?: readonly string[];
}

/** The normalized content of a SOAP 1.1 or SOAP 1.2 fault. */
export interface SoapFault {
  soapVersion: '1.1' | '1.2';
  /** faultcode (1.1) or Code/Value (1.2), as written, e.g. `soap:Server`. */
  code: string;
  /** SOAP 1.2 Subcode/Value chain, outermost first; always empty for SOAP 1.1. */
  subcodes: string[];
  /** faultstring (1.1) or the first Reason/Text (1.2). */
  reason: string;
  /** The detail element's inner XML; null when absent, '' when empty. */
  detail: string | null;
  /** SOAP 1.2 Node. */
  node?: string;
  /** faultactor (1.1) or Role (1.2). */
  role?: string;
}

function describeCall(context: ErrorContext): string {
  return `${context.operation} over ${BINDINGS[context.binding].label} to ${context.url || '(same origin)'}`;
}

/**
 * Base of every error the client throws.
 *
 * @example
 * try { await client.getAssetStubs(params); }
 * catch (e) { if (e instanceof InodeError) console.error(e.operation, e.binding, e.exchange?.response.status); }
 */
export class InodeError extends Error {
  // Literal names, never `new.target.name`: minifiers rename classes, and the console tells
  // errors apart by `name` (docs/protocol.md: `name` is exactly the class name).
  override name: string = 'InodeError';
  readonly operation: OperationName;
  readonly binding: Binding;
  readonly url: string;
  readonly request?: RawRequest;
  readonly exchange?: Exchange;

  constructor(context: ErrorContext, detail: string, options?: { cause?: unknown }) {
    const clean = redactErrorParts(detail, options?.cause, context.secrets ?? []);
    super(
      `${describeCall(context)}: ${clean.detail}`,
      options && 'cause' in options ? { cause: clean.cause } : undefined,
    );
    this.operation = context.operation;
    this.binding = context.binding;
    this.url = context.url;
    const request = context.request ?? context.exchange?.request;
    if (request) this.request = request;
    if (context.exchange) this.exchange = context.exchange;
  }
}

/**
 * The service answered with a SOAP fault (SOAP 1.1 or 1.2, normalized).
 *
 * @example
 * if (e instanceof SoapFaultError) show(e.fault.code, e.fault.reason);
 */
export class SoapFaultError extends InodeError {
  override name = 'SoapFaultError';
  readonly fault: SoapFault;

  constructor(context: ErrorContext, fault: SoapFault) {
    super(context, `SOAP ${fault.soapVersion} fault ${fault.code}: ${firstLine(fault.reason)}`);
    this.fault = fault;
  }
}

/**
 * HTTP GET/POST answered 500 text/plain: the exception text, split into its parts.
 *
 * @example
 * if (e instanceof ServiceError) show(e.exceptionType ?? 'Error', e.exceptionMessage);
 */
export class ServiceError extends InodeError {
  override name = 'ServiceError';
  readonly exceptionType: string | null;
  readonly exceptionMessage: string;
  readonly stackTrace: string | null;

  constructor(
    context: ErrorContext,
    parts: { exceptionType: string | null; exceptionMessage: string; stackTrace: string | null },
  ) {
    super(
      context,
      `service error ${parts.exceptionType ? `${parts.exceptionType}: ` : ''}${firstLine(parts.exceptionMessage)}`,
    );
    this.exceptionType = parts.exceptionType;
    this.exceptionMessage = parts.exceptionMessage;
    this.stackTrace = parts.stackTrace;
  }
}

/**
 * Any other non-2xx answer: empty 400/415 bodies, ASP.NET HTML error pages, proxy errors.
 * `bindingDisabled` is true when the server says the HTTP GET/POST protocol is switched off.
 *
 * @example
 * if (e instanceof HttpError && e.bindingDisabled) suggest('Use SOAP 1.1 or 1.2');
 */
export class HttpError extends InodeError {
  override name = 'HttpError';
  readonly status: number;
  readonly summary: string;
  readonly bindingDisabled: boolean;

  constructor(
    context: ErrorContext,
    parts: { status: number; summary: string; bindingDisabled: boolean },
  ) {
    super(
      context,
      parts.bindingDisabled
        ? `HTTP ${parts.status}: the ${BINDINGS[context.binding].label} binding is switched off on the server (${parts.summary})`
        : `HTTP ${parts.status}${parts.summary ? `: ${parts.summary}` : ''}`,
    );
    this.status = parts.status;
    this.summary = parts.summary;
    this.bindingDisabled = parts.bindingDisabled;
  }
}

/**
 * A 2xx answer that is not the XML the binding promises.
 *
 * @example
 * if (e instanceof ResponseFormatError) show(`expected ${e.expected}, got ${e.received}`);
 */
export class ResponseFormatError extends InodeError {
  override name = 'ResponseFormatError';
  readonly expected: string;
  readonly received: string;

  constructor(context: ErrorContext, parts: { expected: string; received: string }) {
    super(context, `unexpected response: expected ${parts.expected}, received ${parts.received}`);
    this.expected = parts.expected;
    this.received = parts.received;
  }
}

/**
 * The request never got a complete answer: network failure, reset, truncated body, or the
 * caller's AbortSignal.
 *
 * @example
 * if (e instanceof TransportError) show(`network: ${String(e.cause)}`);
 */
export class TransportError extends InodeError {
  override name = 'TransportError';
  declare readonly cause: unknown;

  constructor(context: ErrorContext, detail: string, cause: unknown) {
    super(context, detail, { cause });
  }
}

/**
 * The call took longer than the client's `timeoutMs`.
 *
 * @example
 * if (e instanceof TimeoutError) show(`no answer within ${e.timeoutMs} ms`);
 */
export class TimeoutError extends InodeError {
  override name = 'TimeoutError';
  readonly timeoutMs: number;

  constructor(context: ErrorContext, timeoutMs: number) {
    super(context, `no complete answer within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The whole answer arrived, but it is larger than the client's `maxBodyBytes`, so it was not
 * decoded to text. `body` holds its exact bytes (a Blob, outside the JS heap) to save elsewhere;
 * `exchange.response` has no text (`bodyText` '', `bodyOmitted` true) but its real `byteLength`.
 *
 * @example
 * if (e instanceof ResponseTooLargeError) save(e.body, `${e.operation}-answer.xml`);
 */
export class ResponseTooLargeError extends InodeError {
  override name = 'ResponseTooLargeError';
  declare readonly exchange: Exchange;
  readonly byteLength: number;
  readonly limit: number;
  readonly status: number;
  readonly contentType: string | null;
  readonly body: Blob;

  constructor(
    context: ErrorContext & { exchange: Exchange },
    parts: { body: Blob; limit: number },
  ) {
    const { response } = context.exchange;
    super(
      context,
      `the answer is ${response.byteLength} bytes (HTTP ${response.status}), above the ${parts.limit}-byte limit taken as text`,
    );
    this.byteLength = response.byteLength;
    this.limit = parts.limit;
    this.status = response.status;
    this.contentType = response.headers['content-type'] ?? null;
    this.body = parts.body;
  }
}

/**
 * A parameter holds a character XML 1.0 cannot carry; nothing was sent.
 * `position` is the 0-based UTF-16 index in the value.
 *
 * @example
 * if (e instanceof InputError) form.setError(e.parameter, { message: e.message });
 */
export class InputError extends InodeError {
  override name = 'InputError';
  readonly parameter: string;
  readonly position: number;
  readonly codePoint: number;

  constructor(
    context: ErrorContext,
    parts: { parameter: string; position: number; codePoint: number },
  ) {
    super(
      context,
      `${parts.parameter} contains ${describeCodePoint(parts.codePoint)} at position ${parts.position}, which XML 1.0 cannot carry; nothing was sent`,
    );
    this.parameter = parts.parameter;
    this.position = parts.position;
    this.codePoint = parts.codePoint;
  }
}

/**
 * U+0001-style name of a code point.
 *
 * @example
 * describeCodePoint(1); // 'U+0001'
 */
export function describeCodePoint(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

export { ERROR_NAMES } from './error-names.ts';
