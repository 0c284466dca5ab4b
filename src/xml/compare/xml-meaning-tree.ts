/**
 * Reads XML into a tree that keeps only its meaning: element and attribute names as
 * {namespace URI}localName (prefixes gone), attributes sorted, entities, character references
 * and CDATA decoded into plain text, whitespace-only text between elements, comments and
 * processing instructions dropped. Two documents that differ only in those respects give equal
 * trees. One linear pass with indexOf jumps; no DOM (runs in a worker and in Node).
 */
import { decodeXmlEntities } from '../xml-entities.ts';

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

export class XmlMeaningError extends Error {
  override name = 'XmlMeaningError';
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Whitespace, `/`, `>` and `=` end a name. */
function endsName(c: number): boolean {
  return c <= 0x20 || c === 0x2f || c === 0x3e || c === 0x3d;
}
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Attribute values: XML turns TAB/LF/CR into spaces before any reference is decoded. */
function attributeValue(raw: string): string {
  const spaced =
    raw.includes('\n') || raw.includes('\t') || raw.includes('\r')
      ? raw.replace(/[\t\n\r]/g, ' ')
      : raw;
  return decodeXmlEntities(spaced);
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
  qname: string;
  scope: Map<string, string>;
  text: string;
}

function expand(qname: string, scope: Map<string, string>, isAttribute: boolean): string {
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  const local = colon < 0 ? qname : qname.slice(colon + 1);
  // Unprefixed attributes are in no namespace; unprefixed elements take the default one.
  if (colon < 0 && isAttribute) return local;
  const uri = prefix === 'xml' ? XML_NS : (scope.get(prefix) ?? '');
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
 * @example parseMeaning('<a:x xmlns:a="u" b="1" a:c="2"/>')
 * // [{ kind: 'element', name: '{u}x', attributes: [{ name: '{u}c', … }, { name: 'b', … }], … }]
 */
export function parseMeaning(xml: string): MeaningElement[] {
  const root: MeaningElement = { kind: 'element', name: '', attributes: [], children: [] };
  const stack: Frame[] = [{ element: root, qname: '', scope: new Map([['', '']]), text: '' }];
  let at = 0;
  const length = xml.length;
  while (at < length) {
    const open = xml.indexOf('<', at);
    const top = stack[stack.length - 1]!;
    if (open < 0) {
      top.text += decodeXmlEntities(xml.slice(at));
      break;
    }
    if (open > at) top.text += decodeXmlEntities(xml.slice(at, open));
    const next = xml.charCodeAt(open + 1);
    if (next === 0x21 /* ! */) {
      if (xml.startsWith('<![CDATA[', open)) {
        const end = xml.indexOf(']]>', open + 9);
        if (end < 0) throw new XmlMeaningError('A CDATA section is not closed.', open);
        top.text += xml.slice(open + 9, end);
        at = end + 3;
        continue;
      }
      const close = xml.startsWith('<!--', open) ? '-->' : '>';
      const end = xml.indexOf(close, open + 2);
      if (end < 0) throw new XmlMeaningError('A comment or declaration is not closed.', open);
      at = end + close.length;
      continue;
    }
    if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', open + 2);
      if (end < 0) throw new XmlMeaningError('A processing instruction is not closed.', open);
      at = end + 2;
      continue;
    }
    if (next === 0x2f /* / */) {
      const end = xml.indexOf('>', open + 2);
      if (end < 0) throw new XmlMeaningError('An end tag is not closed.', open);
      const qname = xml.slice(open + 2, end).trim();
      if (stack.length === 1 || top.qname !== qname) {
        throw new XmlMeaningError(`</${qname}> does not close the open element.`, open);
      }
      flushText(top);
      stack.pop();
      at = end + 1;
      continue;
    }
    let cursor = open + 1;
    while (cursor < length && !endsName(xml.charCodeAt(cursor))) cursor++;
    if (cursor === open + 1) throw new XmlMeaningError('A "<" that starts no tag.', open);
    const qname = xml.slice(open + 1, cursor);
    const rawAttributes: Array<[string, string]> = [];
    let scope = top.scope;
    for (;;) {
      while (cursor < length && xml.charCodeAt(cursor) <= 0x20) cursor++;
      const c = xml.charCodeAt(cursor);
      if (c === 0x2f || c === 0x3e || cursor >= length) break;
      const nameStart = cursor;
      while (cursor < length && !endsName(xml.charCodeAt(cursor))) cursor++;
      const name = xml.slice(nameStart, cursor);
      while (cursor < length && xml.charCodeAt(cursor) <= 0x20) cursor++;
      if (xml.charCodeAt(cursor) !== 0x3d /* = */ || name === '') {
        throw new XmlMeaningError(`The start tag <${qname}> is not well-formed.`, open);
      }
      cursor++;
      while (cursor < length && xml.charCodeAt(cursor) <= 0x20) cursor++;
      const quote = xml[cursor];
      const close = quote === '"' || quote === "'" ? xml.indexOf(quote, cursor + 1) : -1;
      if (close < 0) throw new XmlMeaningError(`An attribute of <${qname}> is not quoted.`, cursor);
      const value = attributeValue(xml.slice(cursor + 1, close));
      cursor = close + 1;
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        if (scope === top.scope) scope = new Map(scope);
        scope.set(name === 'xmlns' ? '' : name.slice(6), value);
      } else {
        rawAttributes.push([name, value]);
      }
    }
    while (cursor < length && xml.charCodeAt(cursor) <= 0x20) cursor++;
    const selfClosing = xml.charCodeAt(cursor) === 0x2f;
    if (selfClosing) cursor++;
    if (xml.charCodeAt(cursor) !== 0x3e) {
      throw new XmlMeaningError(`The start tag <${qname}> is not well-formed.`, open);
    }
    flushText(top);
    const attributes: MeaningAttribute[] = [];
    for (const [name, value] of rawAttributes) {
      attributes.push({ name: name.includes(':') ? expand(name, scope, true) : name, value });
    }
    if (attributes.length > 1) attributes.sort(byName);
    const element: MeaningElement = {
      kind: 'element',
      name: expand(qname, scope, false),
      attributes,
      children: [],
    };
    top.element.children.push(element);
    if (!selfClosing) stack.push({ element, qname, scope, text: '' });
    at = cursor + 1;
  }
  if (stack.length > 1) {
    throw new XmlMeaningError(`<${stack[stack.length - 1]!.qname}> is not closed.`, length);
  }
  flushText(stack[0]!);
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
