// A minimal element tree for the emulator's answers, and the two layouts the captured server
// uses: SOAP answers on one line, HTTP GET/POST answers indented by two spaces with LF.
import { escapeAttribute, escapeText } from './xml-escape.ts';

/** An element: attributes in the order given (namespace declarations are attributes too). */
export interface XmlElement {
  readonly name: string;
  readonly attributes: ReadonlyArray<readonly [name: string, value: string]>;
  /** Either child elements or one text value; an element with neither is written `<X />`. */
  readonly children?: readonly XmlElement[];
  readonly text?: string;
}

/**
 * Builds an element.
 * @example element('Title', [], 'Sunrise') // { name: 'Title', attributes: [], text: 'Sunrise' }
 */
export function element(
  name: string,
  attributes: XmlElement['attributes'] = [],
  content?: string | readonly XmlElement[],
): XmlElement {
  if (content === undefined) return { name, attributes };
  if (typeof content === 'string') return { name, attributes, text: content };
  return { name, attributes, children: content };
}

function startTag(node: XmlElement): string {
  let out = `<${node.name}`;
  for (const [name, value] of node.attributes) out += ` ${name}="${escapeAttribute(value)}"`;
  return out;
}

/**
 * Writes an element. `indent` null gives one line; otherwise each child element goes on its own
 * line, `indent` being the current depth's leading spaces.
 * @example writeElement(element('a', [], [element('b')]), null) // '<a><b /></a>'
 */
export function writeElement(
  node: XmlElement,
  indent: string | null,
  out: string[] = [],
): string[] {
  const open = startTag(node);
  const children = node.children ?? [];
  if (children.length === 0 && (node.text === undefined || node.text === '')) {
    out.push(`${open} />`);
  } else if (children.length === 0) {
    out.push(`${open}>${escapeText(node.text ?? '')}</${node.name}>`);
  } else if (indent === null) {
    out.push(`${open}>`);
    for (const child of children) writeElement(child, null, out);
    out.push(`</${node.name}>`);
  } else {
    const inner = `${indent}  `;
    out.push(`${open}>`);
    for (const child of children) {
      out.push(`\n${inner}`);
      writeElement(child, inner, out);
    }
    out.push(`\n${indent}</${node.name}>`);
  }
  return out;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/**
 * A whole document: the declaration then the root, one line (SOAP) or indented (HTTP GET/POST).
 * @example writeDocument(element('string', [['xmlns', 'urn:x']], 'ok'), true)
 */
export function writeDocument(root: XmlElement, indented: boolean): string {
  const parts = [XML_DECLARATION, indented ? '\n' : ''];
  writeElement(root, indented ? '' : null, parts);
  return parts.join('');
}
