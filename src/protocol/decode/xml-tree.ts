/**
 * The envelope around the payload, parsed by fast-xml-parser into a small namespace-resolved
 * tree so that elements can be matched by local name and namespace URI, whatever the prefix.
 *
 * Safe options: no entity processing at all in the parser (references are decoded by
 * decodeXmlText, which knows only the five predefined entities and character references), no
 * DOCTYPE (refused earlier by scanDocument), no value parsing, whitespace kept.
 */
import { XMLParser } from 'fast-xml-parser';
import { MalformedXml } from './malformed-xml.ts';
import { MAX_ENVELOPE_DEPTH } from './scan-document.ts';
import { decodeXmlText, type WarningSink } from './xml-text.ts';
import { errorMessage } from '../../text/error-message.ts';

export interface XmlElement {
  kind: 'element';
  qname: string;
  localName: string;
  /** Namespace URI, '' when in no namespace. */
  namespace: string;
  /** Attribute values (decoded), keyed by qualified name. */
  attributes: Record<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | { kind: 'text'; text: string } | { kind: 'cdata'; text: string };

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const ATTRIBUTES_KEY = ':@';
const TEXT_KEY = '#text';
const CDATA_KEY = '#cdata';

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: CDATA_KEY,
  commentPropName: false,
  maxNestedTags: MAX_ENVELOPE_DEPTH + 1,
});

type FxpNode = Record<string, unknown>;

/**
 * Parses a document already known to be well-formed (see scanDocument) into a resolved tree.
 *
 * @example
 * parseTree('<a xmlns="urn:x"><b>1</b></a>', sink).namespace; // 'urn:x'
 */
export function parseTree(text: string, sink: WarningSink): XmlElement {
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch (error) {
    throw new MalformedXml(errorMessage(error));
  }
  const roots = (Array.isArray(parsed) ? (parsed as FxpNode[]) : [])
    .map((node) => convert(node, new Map([['xml', XML_NAMESPACE]]), sink))
    .filter((node): node is XmlElement => node?.kind === 'element');
  const root = roots[0];
  if (!root) throw new MalformedXml('no root element');
  return root;
}

function convert(node: FxpNode, scope: Map<string, string>, sink: WarningSink): XmlNode | null {
  for (const key of Object.keys(node)) {
    if (key === ATTRIBUTES_KEY) continue;
    const value = node[key];
    if (key === TEXT_KEY) return { kind: 'text', text: decodeXmlText(String(value), sink) };
    if (key === CDATA_KEY) {
      const parts = Array.isArray(value) ? (value as FxpNode[]) : [];
      return { kind: 'cdata', text: parts.map((p) => String(p[TEXT_KEY] ?? '')).join('') };
    }
    return convertElement(key, node, scope, sink);
  }
  return null;
}

function convertElement(
  qname: string,
  node: FxpNode,
  parentScope: Map<string, string>,
  sink: WarningSink,
): XmlElement {
  const rawAttributes = (node[ATTRIBUTES_KEY] ?? {}) as Record<string, unknown>;
  const attributes: Record<string, string> = {};
  let scope = parentScope;
  for (const [name, value] of Object.entries(rawAttributes)) {
    const decoded = decodeXmlText(String(value), sink);
    attributes[name] = decoded;
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (scope === parentScope) scope = new Map(parentScope);
      scope.set(name === 'xmlns' ? '' : name.slice(6), decoded);
    }
  }
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  const namespace = scope.get(prefix);
  if (namespace === undefined && prefix !== '') {
    throw new MalformedXml(`the prefix ${prefix}: of <${qname}> is not declared`);
  }
  const rawChildren = node[qname];
  const children = (Array.isArray(rawChildren) ? (rawChildren as FxpNode[]) : [])
    .map((child) => convert(child, scope, sink))
    .filter((child): child is XmlNode => child !== null);
  return {
    kind: 'element',
    qname,
    localName: colon < 0 ? qname : qname.slice(colon + 1),
    namespace: namespace ?? '',
    attributes,
    children,
  };
}

/** Child elements, optionally only those with this local name and namespace. */
export function childElements(
  element: XmlElement,
  localName?: string,
  namespace?: string,
): XmlElement[] {
  return element.children.filter(
    (child): child is XmlElement =>
      child.kind === 'element' &&
      (localName === undefined || child.localName === localName) &&
      (namespace === undefined || child.namespace === namespace),
  );
}

/** The first child element with this local name and namespace, or undefined. */
export function childElement(
  element: XmlElement,
  localName: string,
  namespace: string,
): XmlElement | undefined {
  return childElements(element, localName, namespace)[0];
}

/** Concatenated text and CDATA of an element and its descendants. */
export function textContent(node: XmlNode): string {
  if (node.kind !== 'element') return node.text;
  return node.children.map(textContent).join('');
}

/** `{uri}local`, for messages. */
export function expandedName(element: XmlElement): string {
  return element.namespace ? `{${element.namespace}}${element.localName}` : element.localName;
}
