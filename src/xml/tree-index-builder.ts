/**
 * Builds the element tree index (`XmlTreeIndex`) node by node, in document order, as the analysis
 * reads the payload. A disabled builder records nothing: every method returns at once and
 * `addNode` returns -1.
 */
import { GrowableIntArray } from './growable-int-array.ts';
import { NODE_DOCUMENT, NODE_ELEMENT, type XmlTreeIndex } from './xml-index.ts';

export class TreeIndexBuilder {
  private readonly kind: GrowableIntArray;
  private readonly parent: GrowableIntArray;
  private readonly firstChild: GrowableIntArray;
  private readonly lastChild: GrowableIntArray;
  private readonly nextSibling: GrowableIntArray;
  private readonly childCount: GrowableIntArray;
  private readonly elementChildCount: GrowableIntArray;
  private readonly nameId: GrowableIntArray;
  private readonly start: GrowableIntArray;
  private readonly end: GrowableIntArray;
  private readonly contentStart: GrowableIntArray;
  private readonly contentEnd: GrowableIntArray;
  private readonly line: GrowableIntArray;
  private readonly endLine: GrowableIntArray;
  private readonly attrStart: GrowableIntArray;
  private readonly attrCount: GrowableIntArray;
  private readonly attrNameId: GrowableIntArray;
  private readonly attrValueStart: GrowableIntArray;
  private readonly attrValueEnd: GrowableIntArray;
  private readonly names: string[] = [];
  private readonly nameIds = new Map<string, number>();

  /** The index starts with the document node (id 0) spanning the whole of `xml`. */
  constructor(
    private readonly xml: string,
    readonly enabled: boolean,
  ) {
    // Capacity guessed from the size to avoid regrowth.
    const guess = enabled ? Math.ceil(xml.length / 24) : 16;
    this.kind = new GrowableIntArray(guess);
    this.parent = new GrowableIntArray(guess);
    this.firstChild = new GrowableIntArray(guess);
    this.lastChild = new GrowableIntArray(guess);
    this.nextSibling = new GrowableIntArray(guess);
    this.childCount = new GrowableIntArray(guess);
    this.elementChildCount = new GrowableIntArray(guess);
    this.nameId = new GrowableIntArray(guess);
    this.start = new GrowableIntArray(guess);
    this.end = new GrowableIntArray(guess);
    this.contentStart = new GrowableIntArray(guess);
    this.contentEnd = new GrowableIntArray(guess);
    this.line = new GrowableIntArray(guess);
    this.endLine = new GrowableIntArray(guess);
    this.attrStart = new GrowableIntArray(guess);
    this.attrCount = new GrowableIntArray(guess);
    this.attrNameId = new GrowableIntArray(guess);
    this.attrValueStart = new GrowableIntArray(guess);
    this.attrValueEnd = new GrowableIntArray(guess);
    this.addNode(NODE_DOCUMENT, -1, 0, xml.length, 0);
  }

  /** Appends a node spanning xml[from, to) as the last child of `parentNode`; returns its id. */
  addNode(nodeKind: number, parentNode: number, from: number, to: number, line: number): number {
    if (!this.enabled) return -1;
    const id = this.kind.push(nodeKind);
    this.parent.push(parentNode);
    this.firstChild.push(-1);
    this.lastChild.push(-1);
    this.nextSibling.push(-1);
    this.childCount.push(0);
    this.elementChildCount.push(0);
    this.nameId.push(-1);
    this.start.push(from);
    this.end.push(to);
    this.contentStart.push(to);
    this.contentEnd.push(to);
    this.line.push(line);
    this.endLine.push(line);
    this.attrStart.push(this.attrNameId.length);
    this.attrCount.push(0);
    if (parentNode >= 0) this.linkChild(parentNode, id, nodeKind);
    return id;
  }

  /** Names an element with xml[from, to). */
  setName(node: number, from: number, to: number): void {
    if (this.enabled) this.nameId.set(node, this.internName(from, to));
  }

  /** Adds an attribute to the element whose start tag is being read (its last node). */
  addAttribute(
    node: number,
    nameStart: number,
    nameEnd: number,
    valueStart: number,
    valueEnd: number,
  ): void {
    if (!this.enabled) return;
    this.attrNameId.push(this.internName(nameStart, nameEnd));
    this.attrValueStart.push(valueStart);
    this.attrValueEnd.push(valueEnd);
    this.attrCount.set(node, this.attrCount.get(node) + 1);
  }

  /** The element's start tag ends at `to`: so far it is empty and ends there too. */
  endStartTag(node: number, to: number): void {
    if (!this.enabled) return;
    this.contentStart.set(node, to);
    this.contentEnd.set(node, to);
    this.end.set(node, to);
  }

  /** The element's end tag spans xml[from, to). */
  endElement(node: number, from: number, to: number): void {
    if (!this.enabled) return;
    this.contentEnd.set(node, from);
    this.end.set(node, to);
  }

  /** The pretty lines the node starts and ends on. */
  setLines(node: number, first: number, last: number): void {
    if (!this.enabled) return;
    this.line.set(node, first);
    this.endLine.set(node, last);
  }

  setFirstLine(node: number, first: number): void {
    if (this.enabled) this.line.set(node, first);
  }

  parentOf(node: number): number {
    return this.parent.get(node);
  }

  /** The finished index, or null when the builder is disabled. */
  build(): XmlTreeIndex | null {
    if (!this.enabled) return null;
    return {
      nodeCount: this.kind.length,
      kind: Uint8Array.from(this.kind.toArray()),
      parent: this.parent.toArray(),
      firstChild: this.firstChild.toArray(),
      nextSibling: this.nextSibling.toArray(),
      childCount: this.childCount.toArray(),
      elementChildCount: this.elementChildCount.toArray(),
      nameId: this.nameId.toArray(),
      start: this.start.toArray(),
      end: this.end.toArray(),
      contentStart: this.contentStart.toArray(),
      contentEnd: this.contentEnd.toArray(),
      line: this.line.toArray(),
      endLine: this.endLine.toArray(),
      attrStart: this.attrStart.toArray(),
      attrCount: this.attrCount.toArray(),
      attrNameId: this.attrNameId.toArray(),
      attrValueStart: this.attrValueStart.toArray(),
      attrValueEnd: this.attrValueEnd.toArray(),
      names: this.names,
    };
  }

  private linkChild(parentNode: number, id: number, nodeKind: number): void {
    const last = this.lastChild.get(parentNode);
    if (last === -1) this.firstChild.set(parentNode, id);
    else this.nextSibling.set(last, id);
    this.lastChild.set(parentNode, id);
    this.childCount.set(parentNode, this.childCount.get(parentNode) + 1);
    if (nodeKind === NODE_ELEMENT) {
      this.elementChildCount.set(parentNode, this.elementChildCount.get(parentNode) + 1);
    }
  }

  private internName(from: number, to: number): number {
    const name = this.xml.slice(from, to);
    let id = this.nameIds.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.nameIds.set(name, id);
    }
    return id;
  }
}
