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
   * Pre-rendered children, for very large contents (100,000 stubs): given the children's
   * indentation (null: one line), returns each child's markup, each already preceded by its line
   * break and indentation when indented.
   */
  readonly render?: {
    readonly count: number;
    write(childIndent: string | null, out: XmlSink): void;
  };
}

/** Where markup goes: a string[] works, and so does a ChunkedBody (large answers). */
export interface XmlSink {
  push(part: string): unknown;
}

/**
 * Collects markup into ~64 KB Buffers instead of one giant string, so a 40 MB answer costs
 * neither a 40 MB string nor millions of retained fragments.
 * @example const body = new ChunkedBody(); body.push('<a />'); body.finish(); body.byteLength // 5
 */
export class ChunkedBody implements XmlSink {
  readonly chunks: Buffer[] = [];
  byteLength = 0;
  private pending = '';

  push(part: string): void {
    this.pending += part;
    if (this.pending.length >= 65_536) this.flush();
  }

  private flush(): void {
    if (this.pending === '') return;
    const chunk = Buffer.from(this.pending, 'utf8');
    this.chunks.push(chunk);
    this.byteLength += chunk.length;
    this.pending = '';
  }

  /** Flushes what is pending; returns the chunks. */
  finish(): Buffer[] {
    this.flush();
    return this.chunks;
  }
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
export function writeElement<Sink extends XmlSink = string[]>(
  node: XmlElement,
  indent: string | null,
  out: Sink = [] as unknown as Sink,
): Sink {
  const open = startTag(node);
  if (node.render) {
    if (node.render.count === 0) {
      out.push(`${open} />`);
    } else {
      out.push(`${open}>`);
      node.render.write(indent === null ? null : `${indent}  `, out);
      out.push(indent === null ? `</${node.name}>` : `\n${indent}</${node.name}>`);
    }
    return out;
  }
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
export function writeDocument(root: XmlElement, indented: boolean): string;
export function writeDocument(root: XmlElement, indented: boolean, sink: ChunkedBody): ChunkedBody;
export function writeDocument(
  root: XmlElement,
  indented: boolean,
  sink?: ChunkedBody,
): string | ChunkedBody {
  if (sink) {
    sink.push(XML_DECLARATION + (indented ? '\n' : ''));
    writeElement(root, indented ? '' : null, sink);
    return sink;
  }
  const parts = [XML_DECLARATION, indented ? '\n' : ''];
  writeElement(root, indented ? '' : null, parts);
  return parts.join('');
}
