/**
 * SOAP 1.1 and SOAP 1.2 request envelopes, shaped like the requests the real ASMX server
 * accepted (see fixtures/reference/raw/*_soap1*_success.request): XML declaration, xsi and xsd
 * declared on the Envelope, the operation element setting the service namespace as default
 * namespace, one element per parameter in table order, indented by two spaces.
 */
import { OPERATIONS, type OperationName } from '../operations.ts';
import { escapeXmlAttribute, escapeXmlText } from './xml-escape.ts';

export const SOAP11_ENVELOPE_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_ENVELOPE_NS = 'http://www.w3.org/2003/05/soap-envelope';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

export type SoapVersion = '1.1' | '1.2';

/**
 * The SOAP envelope for one call; values are escaped so they survive exactly.
 *
 * @example
 * buildSoapEnvelope('1.1', 'AddUserAssetIndex', 'http://x/', { OpenIDKey: 'k', ServiceURI: 'u', MediaType: 'image' });
 */
export function buildSoapEnvelope(
  version: SoapVersion,
  operation: OperationName,
  namespace: string,
  values: Readonly<Record<string, string>>,
): string {
  const prefix = version === '1.1' ? 'soap' : 'soap12';
  const envelopeNs = version === '1.1' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS;
  const parameters = OPERATIONS[operation].parameters
    .map((p) => `      <${p.name}>${escapeXmlText(values[p.name] ?? '')}</${p.name}>\n`)
    .join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    `<${prefix}:Envelope xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}" xmlns:${prefix}="${envelopeNs}">\n` +
    `  <${prefix}:Body>\n` +
    `    <${operation} xmlns="${escapeXmlAttribute(namespace)}">\n` +
    parameters +
    `    </${operation}>\n` +
    `  </${prefix}:Body>\n` +
    `</${prefix}:Envelope>\n`
  );
}

/** The SOAP action URI of an operation: the namespace followed by the operation name. */
export function soapAction(namespace: string, operation: OperationName): string {
  return `${namespace}${operation}`;
}
