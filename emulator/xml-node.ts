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
  /**
   * Children produced on demand, for very large contents (100,000 stubs read from the store as
   * the answer is written): given the children's indentation (null: one line), yields each
   * child's markup, each already preceded by its line break and indentation when indented.
   * Nothing yielded: the element is written `<X />`.
   */
  readonly render?: (childIndent: string | null) => Iterable<string>;
  /**
   * With `render`: the fewest UTF-8 bytes it yields, known before it is called (every stub of an
   * unfiltered answer is written, and each takes at least MIN_STUB_BYTES). 0 or absent: unknown.
   */
  readonly renderAtLeastBytes?: number;
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
 * An element's markup, part by part, produced only as far as the caller reads: a generator, so
 * a streamed answer pulls stubs from the store one batch at a time. `indent` null gives one
 * line; otherwise each child element goes on its own line, `indent` being the current depth's
 * leading spaces.
 * @example [...elementParts(element('a', [], [element('b')]), null)].join('') // '<a><b /></a>'
 */
export function* elementParts(node: XmlElement, indent: string | null): Generator<string> {
  const open = startTag(node);
  if (node.render) {
    // Whether there is any child is known only once the first one is produced.
    let opened = false;
    for (const part of node.render(indent === null ? null : `${indent}  `)) {
      if (!opened) {
        yield `${open}>`;
        opened = true;
      }
      yield part;
    }
    if (!opened) yield `${open} />`;
    else yield indent === null ? `</${node.name}>` : `\n${indent}</${node.name}>`;
    return;
  }
  const children = node.children ?? [];
  if (children.length === 0 && (node.text === undefined || node.text === '')) {
    yield `${open} />`;
  } else if (children.length === 0) {
    yield `${open}>${escapeText(node.text ?? '')}</${node.name}>`;
  } else if (indent === null) {
    yield `${open}>`;
    for (const child of children) yield* elementParts(child, null);
    yield `</${node.name}>`;
  } else {
    const inner = `${indent}  `;
    yield `${open}>`;
    for (const child of children) {
      yield `\n${inner}`;
      yield* elementParts(child, inner);
    }
    yield `\n${indent}</${node.name}>`;
  }
}

/**
 * An element's markup as parts in an array.
 * @example writeElement(element('a', [], [element('b')]), null).join('') // '<a><b /></a>'
 */
export function writeElement(node: XmlElement, indent: string | null): string[] {
  return [...elementParts(node, indent)];
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/** A document produced on demand: each call of parts() starts it over from the declaration. */
export interface LazyDocument {
  parts(): Generator<string>;
  /**
   * A lower bound of the document's length in UTF-8 bytes, known before it is produced: what its
   * elements' `renderAtLeastBytes` promise (0 when none does). Lets the writer stream an answer
   * at once that is sure to be over the stream threshold, instead of producing that much first.
   */
  readonly atLeastBytes: number;
}

/** The bytes an element's rendered children are known to take at least, over the whole tree. */
function renderedAtLeast(node: XmlElement): number {
  let bytes = node.renderAtLeastBytes ?? 0;
  for (const child of node.children ?? []) bytes += renderedAtLeast(child);
  return bytes;
}

/**
 * A whole document, not yet written: the declaration then the root, one line (SOAP) or indented
 * (HTTP GET/POST).
 * @example [...lazyDocument(element('string', [], 'ok'), true).parts()].join('')
 */
export function lazyDocument(root: XmlElement, indented: boolean): LazyDocument {
  return {
    *parts() {
      yield XML_DECLARATION + (indented ? '\n' : '');
      yield* elementParts(root, indented ? '' : null);
    },
    atLeastBytes: renderedAtLeast(root),
  };
}

/**
 * A whole document as one string (small answers: faults, WSDL).
 * @example writeDocument(element('string', [['xmlns', 'urn:x']], 'ok'), true)
 */
export function writeDocument(root: XmlElement, indented: boolean): string {
  return [...lazyDocument(root, indented).parts()].join('');
}
