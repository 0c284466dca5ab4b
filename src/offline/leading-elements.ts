/**
 * The first few start tags of an XML document with their namespaces resolved: enough to tell a
 * SOAP 1.1 envelope from a SOAP 1.2 one and which operation answered, without reading the
 * (possibly 50 MB) payload. The console's XML reader reads just far enough; where the start is
 * malformed, the elements before the fault are what it found. The protocol decoder does the
 * whole, strict reading afterwards.
 */
import { XmlReader } from '../xml/reader/xml-reader.ts';
import { XmlSyntaxError } from '../xml/reader/xml-syntax-error.ts';

export interface LeadingElement {
  localName: string;
  namespace: string | null;
}

/** Thrown from the handler once enough elements are found. */
class Enough extends Error {}

/** @example leadingElements('<soap:Envelope xmlns:soap="…"><soap:Body>…', 3) */
export function leadingElements(text: string, count: number): LeadingElement[] {
  const found: LeadingElement[] = [];
  if (count <= 0) return found;
  let qname = '';
  const reader = new XmlReader(
    {
      startTag(_start, nameStart, nameEnd) {
        qname = text.slice(nameStart, nameEnd);
      },
      attribute() {},
      startTagEnd() {
        const colon = qname.indexOf(':');
        const uri = reader.lookupNamespace(colon < 0 ? '' : qname.slice(0, colon));
        found.push({
          localName: colon < 0 ? qname : qname.slice(colon + 1),
          namespace: uri === undefined || uri === '' ? null : uri,
        });
        if (found.length >= count) throw new Enough();
      },
      endTag() {},
      text() {},
      cdata() {},
      comment() {},
      processingInstruction() {},
    },
    { onCharacterProblem: () => {} },
  );
  try {
    // Not ended: the text is often only the start of a body.
    reader.write(text);
  } catch (error) {
    if (!(error instanceof Enough) && !(error instanceof XmlSyntaxError)) throw error;
  }
  return found;
}
