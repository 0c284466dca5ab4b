/** Namespaces and content types of the two SOAP versions, as ASMX uses them. */
export const SOAP11_ENVELOPE_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_ENVELOPE_NS = 'http://www.w3.org/2003/05/soap-envelope';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

export type SoapVersion = '1.1' | '1.2';

export const SOAP_CONTENT_TYPE: Record<SoapVersion, string> = {
  '1.1': 'text/xml; charset=utf-8',
  '1.2': 'application/soap+xml; charset=utf-8',
};

export const XML_CONTENT_TYPE = 'text/xml; charset=utf-8';
export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

export function envelopeNamespace(version: SoapVersion): string {
  return version === '1.1' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS;
}
