/**
 * Which operation and binding a saved exchange belongs to, so the protocol decoder can read it:
 * from the request when the file has one (HAR), else from the response's first elements.
 */
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS } from '../protocol/encode/soap-envelope.ts';
import { isOperationName, type Binding, type OperationName } from '../protocol/operations.ts';
import type { RawRequest } from '../protocol/types.ts';
import { leadingElements } from './leading-elements.ts';

export interface InferredCall {
  operation: OperationName;
  binding: Binding;
}

/** Enough of the body to hold the envelope, Body and the operation's response element. */
const HEAD_CHARS = 64 * 1024;

function operationIn(text: string): OperationName | null {
  const name = /(?:^|[/"#])(\w+)"?$/.exec(text.trim())?.[1] ?? '';
  return isOperationName(name) ? name : null;
}

function fromRequest(request: RawRequest): Partial<InferredCall> {
  const headers = request.headers;
  const contentType = headers['content-type'] ?? '';
  const path = (() => {
    try {
      return new URL(request.url, 'http://offline.invalid').pathname;
    } catch {
      return '';
    }
  })();
  const pathOperation = operationIn(path);
  if (request.method === 'GET' && pathOperation) {
    return { binding: 'http-get', operation: pathOperation };
  }
  if (/application\/soap\+xml/i.test(contentType)) {
    const action = /action="?([^";]+)"?/i.exec(contentType)?.[1] ?? '';
    return { binding: 'soap12', ...optional(operationIn(action)) };
  }
  if (headers.soapaction !== undefined) {
    return { binding: 'soap11', ...optional(operationIn(headers.soapaction)) };
  }
  if (pathOperation) return { binding: 'http-post', operation: pathOperation };
  return {};
}

function optional(operation: OperationName | null): { operation?: OperationName } {
  return operation ? { operation } : {};
}

function fromResponse(bodyText: string): Partial<InferredCall> {
  const [root, second, third] = leadingElements(bodyText.slice(0, HEAD_CHARS), 3);
  if (!root) return {};
  if (root.localName === 'Envelope') {
    const binding =
      root.namespace === SOAP12_ENVELOPE_NS
        ? 'soap12'
        : root.namespace === SOAP11_ENVELOPE_NS
          ? 'soap11'
          : undefined;
    const name = second?.localName === 'Body' ? (third?.localName ?? '') : '';
    const operation = name.endsWith('Response') ? name.slice(0, -'Response'.length) : '';
    return {
      ...(binding ? { binding } : {}),
      ...optional(isOperationName(operation) ? operation : null),
    };
  }
  if (root.localName.endsWith('_Inode')) return { operation: 'GetAssetStubs' };
  if (root.localName === 'string') return { operation: 'AddUserAssetIndex' };
  return {};
}

/**
 * @example inferCall(null, '<soap12:Envelope …><soap12:Body><GetAssetStubsResponse …')
 * // { operation: 'GetAssetStubs', binding: 'soap12' }
 */
export function inferCall(request: RawRequest | null, bodyText: string): InferredCall {
  const byRequest = request ? fromRequest(request) : {};
  const byResponse = fromResponse(bodyText);
  return {
    // A fault or an error page names no operation: GetAssetStubs reads them all the same way.
    operation: byRequest.operation ?? byResponse.operation ?? 'GetAssetStubs',
    // The HTTP bindings answer alike; without a request POST stands for both.
    binding: byRequest.binding ?? byResponse.binding ?? 'http-post',
  };
}
