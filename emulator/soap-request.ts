// Decides what a SOAP POST to /Inode.asmx means, following the ASMX pipeline the captures show:
//   1. the content type picks the binding (text/xml: 1.1, application/soap+xml: 1.2, else 415);
//   2. routing: SOAP 1.1 by the SOAPAction header (an empty or unknown one is a soap:Client
//      fault), or, when the header is absent, by the first body element; SOAP 1.2 by the
//      content type's `action` parameter, falling back to the body. Routing by the body reads
//      the XML up to that element, and an XML error there is a 500 SOAP 1.2 Receiver fault;
//   3. reading the parameters reads the rest: any XML error then is a 400 with an empty body.
// A mismatched action runs the routed operation with null parameters, as does an operation
// element in the wrong namespace.
import {
  OPERATION_NAMES,
  OPERATIONS,
  parameterNames,
  type OperationName,
} from '../src/protocol/operations.ts';
import { readXml, type ReadElement } from './xml-reader.ts';
import {
  SOAP11_ENVELOPE_NS,
  SOAP12_ENVELOPE_NS,
  XSI_NS,
  type SoapVersion,
} from './soap-constants.ts';
import { FRAMEWORK_FRAMES, type DotNetException } from './dotnet-exception.ts';
import type { ParameterValue } from './model-types.ts';

export type SoapRequestOutcome =
  | { readonly kind: 'unsupported-media-type' }
  | { readonly kind: 'bad-request'; readonly contentType: string }
  | {
      readonly kind: 'fault';
      readonly version: SoapVersion;
      readonly code: 'Client' | 'Sender' | 'Receiver';
      readonly exception: DotNetException;
    }
  | {
      readonly kind: 'call';
      readonly version: SoapVersion;
      readonly operation: OperationName;
      readonly parameters: Readonly<Record<string, ParameterValue>>;
    };

export interface SoapRequest {
  readonly contentType: string | undefined;
  /** The SOAPAction header; undefined when absent. */
  readonly soapAction: string | undefined;
  readonly body: Buffer;
  readonly namespace: string;
}

const UNROUTABLE_12 =
  'Unable to handle request without a valid action parameter. Please supply a valid soap action.';

function contentTypeParameter(contentType: string, name: string): string | undefined {
  for (const part of contentType.split(';').slice(1)) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    if (part.slice(0, equals).trim().toLowerCase() !== name) continue;
    return part
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

function operationForAction(action: string, namespace: string): OperationName | undefined {
  return OPERATION_NAMES.find((name) => `${namespace}${name}` === action);
}

function envelopeVersion(root: ReadElement | null): SoapVersion | null {
  if (!root || root.localName !== 'Envelope') return null;
  if (root.namespace === SOAP11_ENVELOPE_NS) return '1.1';
  if (root.namespace === SOAP12_ENVELOPE_NS) return '1.2';
  return null;
}

function firstBodyElement(root: ReadElement | null): ReadElement | undefined {
  if (!root) return undefined;
  const body = root.children.find((c) => c.localName === 'Body' && c.namespace === root.namespace);
  return body?.children[0];
}

function readParameters(
  operation: OperationName,
  element: ReadElement | undefined,
  namespace: string,
): Record<string, ParameterValue> {
  const names = parameterNames(operation);
  const values: Record<string, ParameterValue> = {};
  const matches = element?.localName === operation && element.namespace === namespace;
  for (const name of names) {
    const child = matches
      ? element.children.find((c) => c.localName === name && c.namespace === namespace)
      : undefined;
    const nil = child?.attributes.some(
      (a) => a.namespace === XSI_NS && a.localName === 'nil' && a.value.trim() === 'true',
    );
    values[name] = child === undefined || nil ? null : child.text;
  }
  return values;
}

function xmlFault(message: string): DotNetException {
  return {
    type: 'System.Web.Services.Protocols.SoapException',
    message: 'Server was unable to process request.',
    frames: [],
    inner: { type: 'System.Xml.XmlException', message, frames: FRAMEWORK_FRAMES.xmlRead },
  };
}

/**
 * Interprets a SOAP request.
 * @example interpretSoapRequest({ contentType: 'text/xml', soapAction: undefined, body, namespace })
 */
export function interpretSoapRequest(request: SoapRequest): SoapRequestOutcome {
  const contentType = request.contentType ?? '';
  const base = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (base !== 'text/xml' && base !== 'application/soap+xml') {
    return { kind: 'unsupported-media-type' };
  }
  const requestVersion: SoapVersion = base === 'text/xml' ? '1.1' : '1.2';
  const badRequest = { kind: 'bad-request', contentType: contentType } as const;
  const parsed = readXml(request.body.toString('utf8'));
  const version = envelopeVersion(parsed.root);
  const bodyElement = firstBodyElement(parsed.root);

  let operation: OperationName | undefined;
  if (requestVersion === '1.1' && request.soapAction !== undefined) {
    const action = request.soapAction.trim().replace(/^"(.*)"$/, '$1');
    operation = operationForAction(action, request.namespace);
    if (!operation) {
      return {
        kind: 'fault',
        version: '1.1',
        code: 'Client',
        exception: {
          type: 'System.Web.Services.Protocols.SoapException',
          message: `Server did not recognize the value of HTTP Header SOAPAction: ${action}.`,
          frames: FRAMEWORK_FRAMES.soap11Route,
        },
      };
    }
  } else {
    const action =
      requestVersion === '1.2' ? contentTypeParameter(contentType, 'action') : undefined;
    operation = action === undefined ? undefined : operationForAction(action, request.namespace);
    if (!operation) {
      if (!bodyElement) {
        if (parsed.error) {
          return {
            kind: 'fault',
            version: '1.2',
            code: 'Receiver',
            exception: xmlFault(parsed.error.message),
          };
        }
      }
      if (requestVersion === '1.2' && version === '1.1') return { kind: 'unsupported-media-type' };
      const name = bodyElement?.localName ?? '';
      operation =
        bodyElement?.namespace === request.namespace && Object.hasOwn(OPERATIONS, name)
          ? (name as OperationName)
          : undefined;
      if (!operation) {
        if (parsed.error || !version) return badRequest;
        return {
          kind: 'fault',
          version,
          code: version === '1.1' ? 'Client' : 'Sender',
          exception: {
            type: 'System.Web.Services.Protocols.SoapException',
            message: UNROUTABLE_12,
            frames: FRAMEWORK_FRAMES.soap12Route,
          },
        };
      }
    }
  }
  if (requestVersion === '1.2' && version === '1.1') return { kind: 'unsupported-media-type' };
  if (parsed.error || !version) return badRequest;
  return {
    kind: 'call',
    version,
    operation,
    parameters: readParameters(operation, bodyElement, request.namespace),
  };
}
