/**
 * SOAP 1.1 and SOAP 1.2 faults, normalized to one shape. SOAP 1.1 fault children are
 * unqualified (faultcode, faultstring, faultactor, detail); SOAP 1.2 children are in the
 * envelope namespace (Code/Value, Subcode chain, Reason/Text, Node, Role, Detail).
 */
import type { SoapFault } from '../errors.ts';
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS } from '../encode/soap-envelope.ts';
import {
  childElement,
  childElements,
  textContent,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';

/**
 * The normalized fault, or null when `fault` is not a SOAP Fault element.
 *
 * @example
 * readSoapFault(faultElement)?.code; // 'soap:Server'
 */
export function readSoapFault(fault: XmlElement): SoapFault | null {
  if (fault.localName !== 'Fault') return null;
  if (fault.namespace === SOAP11_ENVELOPE_NS) return readSoap11(fault);
  if (fault.namespace === SOAP12_ENVELOPE_NS) return readSoap12(fault);
  return null;
}

function unqualifiedChild(fault: XmlElement, name: string): XmlElement | undefined {
  // SOAP 1.1 says unqualified; some stacks qualify them anyway, so accept both.
  return childElement(fault, name, '') ?? childElement(fault, name, SOAP11_ENVELOPE_NS);
}

function readSoap11(fault: XmlElement): SoapFault {
  const actor = unqualifiedChild(fault, 'faultactor');
  const detail = unqualifiedChild(fault, 'detail');
  const result: SoapFault = {
    soapVersion: '1.1',
    code: text(unqualifiedChild(fault, 'faultcode')).trim(),
    subcodes: [],
    reason: text(unqualifiedChild(fault, 'faultstring')),
    detail: detail ? innerXml(detail) : null,
  };
  if (actor) result.role = text(actor);
  return result;
}

function readSoap12(fault: XmlElement): SoapFault {
  const ns = SOAP12_ENVELOPE_NS;
  const code = childElement(fault, 'Code', ns);
  const subcodes: string[] = [];
  let subcode = code ? childElement(code, 'Subcode', ns) : undefined;
  while (subcode) {
    subcodes.push(text(childElement(subcode, 'Value', ns)).trim());
    subcode = childElement(subcode, 'Subcode', ns);
  }
  const reason = childElement(fault, 'Reason', ns);
  const texts = reason ? childElements(reason, 'Text', ns) : [];
  const english = texts.find((t) =>
    (t.attributes['xml:lang'] ?? '').toLowerCase().startsWith('en'),
  );
  const node = childElement(fault, 'Node', ns);
  const role = childElement(fault, 'Role', ns);
  const detail = childElement(fault, 'Detail', ns);
  const result: SoapFault = {
    soapVersion: '1.2',
    code: text(code ? childElement(code, 'Value', ns) : undefined).trim(),
    subcodes,
    reason: text(english ?? texts[0]),
    detail: detail ? innerXml(detail) : null,
  };
  if (node) result.node = text(node).trim();
  if (role) result.role = text(role).trim();
  return result;
}

function text(element: XmlElement | undefined): string {
  return element ? textContent(element) : '';
}

/** Serializes the children of an element back to XML (detail is usually empty or tiny). */
function innerXml(element: XmlElement): string {
  return element.children.map(serialize).join('');
}

function serialize(node: XmlNode): string {
  if (node.kind === 'text') return escapeText(node.text);
  if (node.kind === 'cdata') return `<![CDATA[${node.text}]]>`;
  const attributes = Object.entries(node.attributes)
    .map(([name, value]) => ` ${name}="${escapeText(value).replace(/"/g, '&quot;')}"`)
    .join('');
  if (node.children.length === 0) return `<${node.qname}${attributes}/>`;
  return `<${node.qname}${attributes}>${node.children.map(serialize).join('')}</${node.qname}>`;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
