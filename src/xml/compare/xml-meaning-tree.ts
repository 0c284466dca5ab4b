/**
 * Reads XML into a tree that keeps only its meaning: element and attribute names as
 * {namespace URI}localName (prefixes gone), attributes sorted, entities, character references
 * and CDATA decoded into plain text, whitespace-only text between elements, comments and
 * processing instructions dropped. Two documents that differ only in those respects give equal
 * trees. Read by the console's one XML reader, as element content (several top-level elements
 * allowed), so Compare calls malformed what every other tab does.
 */
import { XmlReader, type XmlReadHandler } from '../reader/xml-reader.ts';
import { XmlSyntaxError } from '../reader/xml-syntax-error.ts';
import {
  decodeAttributeValue,
  decodeCharacterData,
  normalizeLineBreaks,
} from '../reader/xml-values.ts';

export interface MeaningAttribute {
  /** `{uri}local`, or `local` without a namespace. */
  name: string;
  value: string;
}

export interface MeaningElement {
  kind: 'element';
  name: string;
  attributes: MeaningAttribute[];
  children: MeaningNode[];
}

export interface MeaningText {
  kind: 'text';
  value: string;
}

export type MeaningNode = MeaningElement | MeaningText;

/** Not well-formed: the reader's verdict, with its line and column in the message. */
export class XmlMeaningError extends Error {
  override name = 'XmlMeaningError';
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

function hasNonWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) return true;
  }
  return false;
}

function byName(a: MeaningAttribute, b: MeaningAttribute): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

interface Frame {
  element: MeaningElement;
  text: string;
}

/** `{uri}local` for a name the reader accepted (so its prefix is bound). */
function expand(qname: string, reader: XmlReader, isAttribute: boolean): string {
  const colon = qname.indexOf(':');
  // Unprefixed attributes are in no namespace; unprefixed elements take the default one.
  if (colon < 0 && isAttribute) return qname;
  const uri = reader.lookupNamespace(colon < 0 ? '' : qname.slice(0, colon)) ?? '';
  const local = colon < 0 ? qname : qname.slice(colon + 1);
  return uri === '' ? local : `{${uri}}${local}`;
}

function flushText(frame: Frame) {
  if (frame.text === '') return;
  // Whitespace between elements is layout, not content.
  if (hasNonWhitespace(frame.text))
    frame.element.children.push({ kind: 'text', value: frame.text });
  frame.text = '';
}

/**
 * @throws {XmlMeaningError} when `xml` is not well-formed element content.
 * @example parseMeaning('<a:x xmlns:a="u" b="1" a:c="2"/>')
 * // [{ kind: 'element', name: '{u}x', attributes: [{ name: '{u}c', … }, { name: 'b', … }], … }]
 */
export function parseMeaning(xml: string): MeaningElement[] {
  const root: MeaningElement = { kind: 'element', name: '', attributes: [], children: [] };
  const stack: Frame[] = [{ element: root, text: '' }];
  let qname = '';
  let attributes: Array<[string, string]> = [];
  const top = (): Frame => stack[stack.length - 1] ?? { element: root, text: '' };
  const handler: XmlReadHandler = {
    startTag(_start, nameStart, nameEnd) {
      qname = xml.slice(nameStart, nameEnd);
      attributes = [];
    },
    attribute(nameStart, nameEnd, valueStart, valueEnd) {
      const name = xml.slice(nameStart, nameEnd);
      if (name === 'xmlns' || name.startsWith('xmlns:')) return;
      attributes.push([name, decodeAttributeValue(xml.slice(valueStart, valueEnd))]);
    },
    startTagEnd(_end, selfClosing) {
      const parent = top();
      flushText(parent);
      const meaningAttributes = attributes.map(([name, value]) => ({
        name: name.includes(':') ? expand(name, reader, true) : name,
        value,
      }));
      if (meaningAttributes.length > 1) meaningAttributes.sort(byName);
      const element: MeaningElement = {
        kind: 'element',
        name: expand(qname, reader, false),
        attributes: meaningAttributes,
        children: [],
      };
      parent.element.children.push(element);
      if (!selfClosing) stack.push({ element, text: '' });
    },
    endTag() {
      flushText(top());
      stack.pop();
    },
    text(start, end) {
      top().text += decodeCharacterData(xml.slice(start, end));
    },
    cdata(start, end) {
      top().text += normalizeLineBreaks(xml.slice(start + 9, end - 3));
    },
    comment() {},
    processingInstruction() {},
  };
  const reader = new XmlReader(handler, { fragment: true, onCharacterProblem: () => {} });
  try {
    reader.write(xml);
    reader.end();
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new XmlMeaningError(error.message, error.offset);
    throw error;
  }
  flushText(stack[0] ?? { element: root, text: '' });
  return root.children.filter((n): n is MeaningElement => n.kind === 'element');
}

/** One string per meaning: equal strings, equal documents. */
export function meaningKey(node: MeaningNode): string {
  if (node.kind === 'text') return `"${JSON.stringify(node.value)}`;
  const attributes = node.attributes.map((a) => `${a.name}=${JSON.stringify(a.value)}`).join(' ');
  return `<${node.name} ${attributes}>${node.children.map(meaningKey).join('')}</>`;
}

/**
 * Whether two XML texts mean the same. Text that is not XML is compared as it is.
 * @example sameXmlMeaning('<a x="1" y="2"/>', "<a y='2'  x=\"1\"></a>") // true
 */
export function sameXmlMeaning(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    const left = parseMeaning(a);
    const right = parseMeaning(b);
    return (
      left.length === right.length &&
      left.every((node, i) => meaningKey(node) === meaningKey(right[i]!))
    );
  } catch {
    return false;
  }
}
