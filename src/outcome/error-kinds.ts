/**
 * Type guards for the client's error classes that check `name` (docs/protocol.md, Errors: `name`
 * is exactly the class name) instead of `instanceof`, so the outcome code needs the classes' types
 * only and the protocol client can load lazily.
 */
import type {
  HttpError,
  InodeError,
  InputError,
  ResponseFormatError,
  ResponseTooLargeError,
  ServiceError,
  SoapFaultError,
  TimeoutError,
  TransportError,
} from '../protocol/index.ts';
import { ERROR_NAMES } from '../protocol/error-names.ts';

const INODE_ERROR_NAMES = new Set<string>(['InodeError', ...ERROR_NAMES]);

function named<T extends InodeError>(name: string) {
  return (error: unknown): error is T => error instanceof Error && error.name === name;
}

/** @example if (isInodeError(e)) show(e.exchange) */
export function isInodeError(error: unknown): error is InodeError {
  return error instanceof Error && INODE_ERROR_NAMES.has(error.name) && 'binding' in error;
}

export const isSoapFaultError = named<SoapFaultError>('SoapFaultError');
export const isServiceError = named<ServiceError>('ServiceError');
export const isHttpError = named<HttpError>('HttpError');
export const isResponseFormatError = named<ResponseFormatError>('ResponseFormatError');
export const isTransportError = named<TransportError>('TransportError');
export const isTimeoutError = named<TimeoutError>('TimeoutError');
export const isResponseTooLargeError = named<ResponseTooLargeError>('ResponseTooLargeError');
export const isInputError = named<InputError>('InputError');
