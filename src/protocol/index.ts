/**
 * The Inode protocol client: the only public entry of src/protocol. Pure TypeScript (no React,
 * no DOM-only APIs); runs in browsers and in Node 20.
 *
 * @example
 * import { createInodeClient, SoapFaultError } from '../protocol/index.ts';
 * const client = createInodeClient({ baseUrl: '', binding: 'soap12' });
 * const { value } = await client.addUserAssetIndex({ OpenIDKey: key, ServiceURI: uri, MediaType: 'image' });
 */
export {
  createInodeClient,
  DEFAULT_TIMEOUT_MS,
  DATA_STUBS_HEAD_CHARS,
  HEAD_SHOWN_WAIT_MS,
  SECRET_IN_URL_WARNING,
  operationUrl,
} from './client.ts';
export * from './operations.ts';
export type * from './types.ts';
export {
  InodeError,
  SoapFaultError,
  ServiceError,
  HttpError,
  ResponseFormatError,
  TransportError,
  TimeoutError,
  ResponseTooLargeError,
  InputError,
  ERROR_NAMES,
  describeCodePoint,
  type ErrorContext,
  type SoapFault,
} from './errors.ts';
export { xsdBoolean } from './xsd-boolean.ts';
export { redactExchange, redactRequest, redactString, stringRedactor, REDACTED } from './redact.ts';
export { toCurlCommand, shellQuote } from './curl.ts';
export {
  discoverNamespace,
  clearNamespaceCache,
  readTargetNamespace,
  NamespaceDiscoveryError,
  type DiscoveryFailureKind,
} from './wsdl.ts';
export {
  findForbiddenCharacter,
  isXmlChar,
  type ForbiddenCharacter,
} from '../xml/reader/xml-chars.ts';
export { encodeRequest, serviceUrl } from './encode/encode-request.ts';
export { decodeResponse, type DecodeRequest } from './decode/decode-response.ts';
