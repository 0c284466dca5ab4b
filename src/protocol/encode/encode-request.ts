/**
 * Turns one call into the exact HTTP request of a binding. All parameters are always sent, in
 * table order; values are escaped (XML) or percent-encoded (form, query) so they survive exactly.
 */
import { OPERATIONS, SERVICE_PATH, type Binding, type OperationName } from '../operations.ts';
import type { RawRequest } from '../types.ts';
import { buildSoapEnvelope, soapAction } from './soap-envelope.ts';

export interface EncodeTarget {
  /** Origin (or '' for same origin) under which /Inode.asmx lives. */
  baseUrl: string;
  /** Service namespace; required for SOAP, unused by HTTP GET/POST. */
  namespace: string;
}

/**
 * The service endpoint under a base URL; a trailing slash on the base is ignored.
 *
 * @example
 * serviceUrl('https://host/'); // 'https://host/Inode.asmx'
 */
export function serviceUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${SERVICE_PATH}`;
}

/**
 * `a=1&b=2` with every value percent-encoded as UTF-8 (space as %20, + as %2B), as the
 * reference captures do; the server decodes both + and %20 to a space.
 */
export function encodeFormValues(
  operation: OperationName,
  values: Readonly<Record<string, string>>,
): string {
  return OPERATIONS[operation].parameters
    .map((p) => `${p.name}=${encodeURIComponent(values[p.name] ?? '')}`)
    .join('&');
}

/** True for bindings whose request needs the service namespace. */
export function needsNamespace(binding: Binding): boolean {
  return binding === 'soap11' || binding === 'soap12';
}

/**
 * The request for one call. Values must already be checked with `findForbiddenCharacter`.
 *
 * @example
 * encodeRequest('http-get', 'GetAssetStubs', { OpenIDKey: 'k', AssetType: '', OtherFilterCriteria: '' }, { baseUrl: '', namespace: '' }).url;
 * // '/Inode.asmx/GetAssetStubs?OpenIDKey=k&AssetType=&OtherFilterCriteria='
 */
export function encodeRequest(
  binding: Binding,
  operation: OperationName,
  values: Readonly<Record<string, string>>,
  target: EncodeTarget,
): RawRequest {
  const url = serviceUrl(target.baseUrl);
  switch (binding) {
    case 'soap11':
      return {
        method: 'POST',
        url,
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          soapaction: `"${soapAction(target.namespace, operation)}"`,
        },
        body: buildSoapEnvelope('1.1', operation, target.namespace, values),
      };
    case 'soap12':
      return {
        method: 'POST',
        url,
        headers: {
          'content-type': `application/soap+xml; charset=utf-8; action="${soapAction(target.namespace, operation)}"`,
        },
        body: buildSoapEnvelope('1.2', operation, target.namespace, values),
      };
    case 'http-post':
      return {
        method: 'POST',
        url: `${url}/${operation}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: encodeFormValues(operation, values),
      };
    case 'http-get':
      return {
        method: 'GET',
        url: `${url}/${operation}?${encodeFormValues(operation, values)}`,
        headers: {},
        body: '',
      };
  }
}
