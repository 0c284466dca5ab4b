/**
 * A small read-only W3C-style DOM over the viewer's tree index (`xml-index.ts`), just what the
 * `xpath` library reads: the payload is not parsed a second time, and a node object is made only
 * when XPath reaches it (then cached by index). Every node carries `documentOrder`, a number that
 * sorts in document order, so ordering a node-set costs a sort instead of the DOM sibling walks
 * `compareDocumentPosition` costs elsewhere.
 *
 * Whitespace-only text between elements is not in the index (the viewer drops it), so it is not
 * here either; `text()` positions count the text the document really has.
 */
import { cdataContent } from '../xml-entities.ts';
import {
  decodeAttributeValue,
  decodeCharacterData,
  normalizeLineBreaks,
} from '../reader/xml-values.ts';
import {
  NODE_CDATA,
  NODE_COMMENT,
  NODE_DOCTYPE,
  NODE_DOCUMENT,
  NODE_ELEMENT,
  NODE_PI,
  NODE_TEXT,
  type XmlTreeIndex,
} from '../xml-index.ts';

export const XMLNS_URI = 'http://www.w3.org/2000/xmlns/';
const XML_URI = 'http://www.w3.org/XML/1998/namespace';

/** DOM nodeType for each index kind. */
const DOM_TYPE: Record<number, number> = {
  [NODE_DOCUMENT]: 9,
  [NODE_ELEMENT]: 1,
  [NODE_TEXT]: 3,
  [NODE_CDATA]: 4,
  [NODE_COMMENT]: 8,
  [NODE_PI]: 7,
  [NODE_DOCTYPE]: 10,
};

type Scope = ReadonlyMap<string, string>;
const EMPTY_SCOPE: Scope = new Map([['xml', XML_URI]]);

function splitName(qualified: string): [prefix: string, local: string] {
  const colon = qualified.indexOf(':');
  return colon < 0 ? ['', qualified] : [qualified.slice(0, colon), qualified.slice(colon + 1)];
}

function isXmlDeclaration(owner: IndexDocument, i: number): boolean {
  return /^<\?xml\s/i.test(
    owner.xml.slice(owner.index.start[i] ?? 0, (owner.index.start[i] ?? 0) + 6),
  );
}

export class IndexDocument {
  readonly index: XmlTreeIndex;
  readonly xml: string;
  private readonly nodes: Array<IndexNode | undefined>;
  private readonly previous: Int32Array;
  private readonly last: Int32Array;
  private readonly scopes: Array<Scope | undefined>;
  /** Prefix and local part of every name in `index.names`, split once. */
  readonly prefixes: string[];
  readonly localNames: string[];

  constructor(xml: string, index: XmlTreeIndex) {
    this.xml = xml;
    this.index = index;
    this.nodes = new Array<IndexNode | undefined>(index.nodeCount);
    this.scopes = new Array<Scope | undefined>(index.nodeCount);
    this.prefixes = [];
    this.localNames = [];
    for (const name of index.names) {
      const [prefix, local] = splitName(name);
      this.prefixes.push(prefix);
      this.localNames.push(local);
    }
    // The index links forward only; one pass gives the backward links.
    this.previous = new Int32Array(index.nodeCount).fill(-1);
    this.last = new Int32Array(index.nodeCount).fill(-1);
    for (let i = 1; i < index.nodeCount; i++) {
      const next = index.nextSibling[i] ?? -1;
      if (next >= 0) this.previous[next] = i;
      else this.last[index.parent[i] ?? 0] = i;
    }
  }

  /** The document node (index 0). */
  get root(): IndexNode {
    return this.node(0) as IndexNode;
  }

  node(i: number): IndexNode | null {
    if (i < 0 || i >= this.index.nodeCount) return null;
    let node = this.nodes[i];
    if (!node) {
      node = new IndexNode(this, i);
      this.nodes[i] = node;
    }
    return node;
  }

  previousOf(i: number): number {
    return this.previous[i] ?? -1;
  }

  lastChildOf(i: number): number {
    return this.last[i] ?? -1;
  }

  /** Namespace prefix → URI in scope on element `i` (declarations on it and its ancestors). */
  scope(i: number): Scope {
    if (i <= 0) return EMPTY_SCOPE;
    const known = this.scopes[i];
    if (known) return known;
    const inherited = this.scope(this.index.parent[i] ?? 0);
    let own: Map<string, string> | null = null;
    const first = this.index.attrStart[i] ?? 0;
    const count = this.index.attrCount[i] ?? 0;
    for (let a = first; a < first + count; a++) {
      const name = this.index.names[this.index.attrNameId[a] ?? -1] ?? '';
      if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
      own ??= new Map(inherited);
      own.set(name === 'xmlns' ? '' : name.slice(6), decodeAttributeValue(this.attrRaw(a)));
    }
    const scope = own ?? inherited;
    this.scopes[i] = scope;
    return scope;
  }

  attrRaw(a: number): string {
    return this.xml.slice(this.index.attrValueStart[a] ?? 0, this.index.attrValueEnd[a] ?? 0);
  }

  /** The decoded text of a text or CDATA node. */
  text(i: number): string {
    const raw = this.xml.slice(this.index.start[i] ?? 0, this.index.end[i] ?? 0);
    return this.index.kind[i] === NODE_CDATA
      ? normalizeLineBreaks(cdataContent(raw))
      : decodeCharacterData(raw);
  }
}

/** A node of the index as a DOM node (document, element, text, CDATA, comment, PI, doctype). */
export class IndexNode {
  readonly nodeType: number;
  readonly documentOrder: number;
  private attributeList: AttributeList | undefined;

  constructor(
    readonly owner: IndexDocument,
    readonly indexId: number,
  ) {
    const kind = owner.index.kind[indexId] ?? NODE_TEXT;
    // The XML declaration looks like a PI but is not a node in XPath: typed like a doctype,
    // which no XPath node test matches.
    this.nodeType =
      kind === NODE_PI && isXmlDeclaration(owner, indexId) ? 10 : (DOM_TYPE[kind] ?? 3);
    this.documentOrder = indexId;
  }

  private get qualifiedName(): string {
    return this.owner.index.names[this.owner.index.nameId[this.indexId] ?? -1] ?? '';
  }

  private get nameId(): number {
    return this.owner.index.nameId[this.indexId] ?? -1;
  }

  get nodeName(): string {
    switch (this.nodeType) {
      case 1:
        return this.qualifiedName;
      case 3:
        return '#text';
      case 4:
        return '#cdata-section';
      case 8:
        return '#comment';
      case 9:
        return '#document';
      case 7:
        return this.target;
      default:
        return '#doctype';
    }
  }

  get tagName(): string {
    return this.nodeName;
  }

  /** Processing instruction target. */
  get target(): string {
    if (this.nodeType !== 7) return '';
    return /^<\?([^\s?]+)/.exec(this.source)?.[1] ?? '';
  }

  /** Name tests read these for every node they pass: resolved once per node. */
  private local: string | null | undefined;
  private uri: string | null | undefined;

  get localName(): string | null {
    if (this.local === undefined) {
      this.local = this.nodeType === 1 ? (this.owner.localNames[this.nameId] ?? '') : null;
    }
    return this.local;
  }

  get prefix(): string | null {
    return this.nodeType === 1 ? this.owner.prefixes[this.nameId] || null : null;
  }

  get namespaceURI(): string | null {
    if (this.uri === undefined) {
      this.uri =
        this.nodeType === 1
          ? this.owner.scope(this.indexId).get(this.owner.prefixes[this.nameId] ?? '') || null
          : null;
    }
    return this.uri;
  }

  private get source(): string {
    const { start, end } = this.owner.index;
    return this.owner.xml.slice(start[this.indexId] ?? 0, end[this.indexId] ?? 0);
  }

  get nodeValue(): string | null {
    switch (this.nodeType) {
      case 3:
      case 4:
        return this.owner.text(this.indexId);
      case 8:
        return this.source.slice(4, -3);
      case 7:
        return this.source
          .slice(2 + this.target.length, -2)
          .replace(/^\s+/, '')
          .trimEnd();
      default:
        return null;
    }
  }

  get data(): string | null {
    return this.nodeValue;
  }

  get textContent(): string {
    if (this.nodeType !== 1 && this.nodeType !== 9) return this.nodeValue ?? '';
    const { index } = this.owner;
    let text = '';
    const end = index.end[this.indexId] ?? 0;
    // Descendants follow their ancestor in the index, until the ancestor's source range ends.
    for (let i = this.indexId + 1; i < index.nodeCount && (index.start[i] ?? 0) < end; i++) {
      const kind = index.kind[i];
      if (kind === NODE_TEXT || kind === NODE_CDATA) text += this.owner.text(i);
    }
    return text;
  }

  get ownerDocument(): IndexNode | null {
    return this.indexId === 0 ? null : this.owner.root;
  }

  get documentElement(): IndexNode | null {
    if (this.nodeType !== 9) return null;
    for (let c = this.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) return c;
    return null;
  }

  get parentNode(): IndexNode | null {
    return this.indexId === 0 ? null : this.owner.node(this.owner.index.parent[this.indexId] ?? -1);
  }

  get firstChild(): IndexNode | null {
    return this.owner.node(this.owner.index.firstChild[this.indexId] ?? -1);
  }

  get lastChild(): IndexNode | null {
    return this.owner.node(this.owner.lastChildOf(this.indexId));
  }

  get nextSibling(): IndexNode | null {
    return this.indexId === 0
      ? null
      : this.owner.node(this.owner.index.nextSibling[this.indexId] ?? -1);
  }

  get previousSibling(): IndexNode | null {
    return this.indexId === 0 ? null : this.owner.node(this.owner.previousOf(this.indexId));
  }

  get childNodes(): IndexNode[] {
    const children: IndexNode[] = [];
    for (let c = this.firstChild; c; c = c.nextSibling) children.push(c);
    return children;
  }

  /** Attributes as XPath 1.0 sees them: namespace declarations are not attributes. */
  get attributes(): AttributeList | null {
    if (this.nodeType !== 1) return null;
    this.attributeList ??= new AttributeList(this);
    return this.attributeList;
  }

  /** Answered from the index order: 2 (other precedes this) or 4 (other follows this). */
  compareDocumentPosition(other: { documentOrder?: number }): number {
    return (other.documentOrder ?? 0) < this.documentOrder ? 2 : 4;
  }

  isSameNode(other: unknown): boolean {
    return other === this;
  }
}

/** An attribute as a DOM Attr node; names are looked up when XPath asks for them. */
export class IndexAttribute {
  readonly nodeType = 2;

  constructor(
    readonly ownerElement: IndexNode,
    readonly attrId: number,
    readonly documentOrder: number,
  ) {}

  private get nameId(): number {
    return this.ownerElement.owner.index.attrNameId[this.attrId] ?? -1;
  }

  get nodeName(): string {
    return this.ownerElement.owner.index.names[this.nameId] ?? '';
  }

  get localName(): string {
    return this.ownerElement.owner.localNames[this.nameId] ?? '';
  }

  get prefix(): string | null {
    return this.ownerElement.owner.prefixes[this.nameId] || null;
  }

  /** Unprefixed attributes are in no namespace (the default namespace does not apply to them). */
  get namespaceURI(): string | null {
    const prefix = this.prefix;
    if (!prefix) return null;
    return this.ownerElement.owner.scope(this.ownerElement.indexId).get(prefix) ?? null;
  }

  get name(): string {
    return this.nodeName;
  }

  get value(): string {
    return decodeAttributeValue(this.ownerElement.owner.attrRaw(this.attrId));
  }

  get nodeValue(): string {
    return this.value;
  }

  get textContent(): string {
    return this.value;
  }

  get ownerDocument(): IndexNode {
    return this.ownerElement.owner.root;
  }

  get parentNode(): null {
    return null;
  }

  get firstChild(): null {
    return null;
  }

  get nextSibling(): null {
    return null;
  }

  get previousSibling(): null {
    return null;
  }

  compareDocumentPosition(other: { documentOrder?: number }): number {
    return (other.documentOrder ?? 0) < this.documentOrder ? 2 : 4;
  }
}

/** The NamedNodeMap of an element (index access, `length`, `item`). */
export class AttributeList {
  [position: number]: IndexAttribute;
  readonly length: number;

  constructor(element: IndexNode) {
    const { index } = element.owner;
    const first = index.attrStart[element.indexId] ?? 0;
    const count = index.attrCount[element.indexId] ?? 0;
    let length = 0;
    for (let a = first; a < first + count; a++) {
      const name = index.names[index.attrNameId[a] ?? -1] ?? '';
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      // Between the element (its index) and its first child (index + 1), in written order.
      const order = element.indexId + (a - first + 1) / (count + 2);
      this[length] = new IndexAttribute(element, a, order);
      length += 1;
    }
    this.length = length;
  }

  item(position: number): IndexAttribute | null {
    return this[position] ?? null;
  }

  getNamedItem(name: string): IndexAttribute | null {
    for (let i = 0; i < this.length; i++) if (this[i]?.nodeName === name) return this[i] ?? null;
    return null;
  }
}

export type XPathDomNode = IndexNode | IndexAttribute;
