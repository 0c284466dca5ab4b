// The names alone, with no import: the outcome code checks them without loading the protocol
// client, which the console loads on first use.

/**
 * Every error class name but the base: handy for `instanceof`-free checks across realms.
 *
 * @example
 * if ((ERROR_NAMES as readonly string[]).includes(error.name)) showTyped(error);
 */
export const ERROR_NAMES = [
  'SoapFaultError',
  'ServiceError',
  'HttpError',
  'ResponseFormatError',
  'TransportError',
  'TimeoutError',
  'ResponseTooLargeError',
  'InputError',
] as const;
