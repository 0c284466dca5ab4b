/**
 * Errors cross the worker boundary as plain data and are rebuilt on the page as instances of
 * the protocol's own classes, so both `instanceof` and the name checks in error-kinds.ts hold.
 * A Blob field, such as ResponseTooLargeError's body, crosses by reference: structured clone
 * does not copy its bytes. The classes are passed in rather than imported: the page loads the
 * protocol module lazily.
 */
import type * as Protocol from '../../protocol/index.ts';

/** An error as plain, structured-cloneable data. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** Own enumerable fields: operation, binding, url, request, exchange, fault, status, … */
  fields: Record<string, unknown>;
  cause?: SerializedError | { value: unknown };
}

type ErrorClass = abstract new (...args: never[]) => Error;

/** The classes errors may be rebuilt as, by name (`Error` is used for any other name). */
export type ErrorClasses = Readonly<Record<string, ErrorClass>>;

// A transport failure's cause is usually one of these (fetch rejects with a TypeError).
const BUILT_IN_CLASSES: ErrorClasses = { Error, TypeError, RangeError, SyntaxError };

/**
 * Every error class the protocol module throws, by name.
 *
 * @example rebuildError(serialized, protocolErrorClasses(await loadProtocol()))
 */
export function protocolErrorClasses(protocol: typeof Protocol): ErrorClasses {
  return {
    InodeError: protocol.InodeError,
    SoapFaultError: protocol.SoapFaultError,
    ServiceError: protocol.ServiceError,
    HttpError: protocol.HttpError,
    ResponseFormatError: protocol.ResponseFormatError,
    TransportError: protocol.TransportError,
    TimeoutError: protocol.TimeoutError,
    ResponseTooLargeError: protocol.ResponseTooLargeError,
    InputError: protocol.InputError,
    NamespaceDiscoveryError: protocol.NamespaceDiscoveryError,
  };
}

/**
 * @example throw serializeError(caught); // in the worker: plain data crosses with its fields
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) {
    return { name: 'Error', message: String(error), fields: {} };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'name' && key !== 'message' && key !== 'cause') fields[key] = cloneable(value);
  }
  const serialized: SerializedError = { name: error.name, message: error.message, fields };
  if (error.stack !== undefined) serialized.stack = error.stack;
  if ('cause' in error) {
    serialized.cause =
      error.cause instanceof Error
        ? serializeError(error.cause)
        : { value: cloneable(error.cause) };
  }
  return serialized;
}

/**
 * @example const error = rebuildError(message.error, await loadProtocol());
 */
export function rebuildError(serialized: SerializedError, classes: ErrorClasses): Error {
  const known = { ...BUILT_IN_CLASSES, ...classes };
  const ErrorClass = Object.hasOwn(known, serialized.name) ? known[serialized.name] : undefined;
  const prototype = (ErrorClass ?? Error).prototype as Error;
  const error = Object.assign(Object.create(prototype) as Error, serialized.fields);
  // As the Error constructor does: message, stack and cause are own but not enumerable.
  hidden(error, 'message', serialized.message);
  if (serialized.stack !== undefined) hidden(error, 'stack', serialized.stack);
  if (serialized.cause !== undefined) {
    hidden(
      error,
      'cause',
      'fields' in serialized.cause
        ? rebuildError(serialized.cause, classes)
        : serialized.cause.value,
    );
  }
  // The protocol's classes set name as an own field; keep it so for every rebuilt error.
  error.name = serialized.name;
  return error;
}

function hidden(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true });
}

/** Functions and other uncloneable values become their text rather than failing the post. */
function cloneable(value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') return String(value);
  return value;
}
