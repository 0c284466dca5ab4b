/**
 * Builds the element tree index (`XmlTreeIndex`) node by node, in document order, as the analysis
 * reads the payload. Nodes hold document offsets; names are read from the string that holds them
 * when they are reported (the payload, or the reader's buffer of the moment). A disabled builder
 * records nothing: every method returns at once and `addNode` returns -1.
 */
import { stepsToEnd } from '../tasks/steps-to-end.ts';
import { NODE_DOCUMENT, NODE_ELEMENT, type XmlTreeIndex } from './xml-index.ts';

// One row of FIELDS slots per node, so adding a node is one capacity check and plain stores;
// build() splits the rows into the index's columns.
const KIND = 0;
const PARENT = 1;
const FIRST_CHILD = 2;
const LAST_CHILD = 3;
const NEXT_SIBLING = 4;
const CHILD_COUNT = 5;
const ELEMENT_CHILD_COUNT = 6;
const NAME_ID = 7;
const START = 8;
const END = 9;
const CONTENT_START = 10;
const CONTENT_END = 11;
const LINE = 12;
const END_LINE = 13;
const ATTR_START = 14;
const ATTR_COUNT = 15;
const FIELDS = 16;
/** Attributes: name id, value start, value end. */
const ATTRIBUTE_FIELDS = 3;
/** Slots of the recent-names cache (a power of two). */
const NAME_CACHE = 256;

export class TreeIndexBuilder {
  private nodes: Int32Array;
  private nodeCount = 0;
  private attributes: Int32Array;
  private attributeCount = 0;
  private readonly names: string[] = [];
  private readonly nameIds = new Map<string, number>();
  /** Name ids by a hash of the written name, checked char by char: no string per tag. */
  private readonly nameCache = new Int32Array(NAME_CACHE).fill(-1);

  /**
   * The index starts with the document node (id 0), which `build` stretches over the whole
   * payload. Capacity is guessed from the expected length (0 when unknown) to avoid regrowth:
   * a node per 32 characters, more than a record list of short fields holds (the emulator's
   * stubs: one per 39), since a regrowth at the end of a 41 MB payload copies 70 MB into 140.
   */
  constructor(
    public readonly enabled: boolean,
    expectedLength: number,
  ) {
    const guess = enabled ? Math.ceil(expectedLength / 32) + 16 : 1;
    this.nodes = new Int32Array(guess * FIELDS);
    this.attributes = new Int32Array(guess * ATTRIBUTE_FIELDS);
    this.addNode(NODE_DOCUMENT, -1, 0, 0, 0);
  }

  /** Appends a node spanning xml[from, to) as the last child of `parentNode`; returns its id. */
  addNode(nodeKind: number, parentNode: number, from: number, to: number, line: number): number {
    if (!this.enabled) return -1;
    const id = this.nodeCount;
    let nodes = this.nodes;
    if ((id + 1) * FIELDS > nodes.length) {
      const grown = new Int32Array(nodes.length * 2);
      grown.set(nodes);
      this.nodes = nodes = grown;
    }
    const row = id * FIELDS;
    nodes[row + KIND] = nodeKind;
    nodes[row + PARENT] = parentNode;
    nodes[row + FIRST_CHILD] = -1;
    nodes[row + LAST_CHILD] = -1;
    nodes[row + NEXT_SIBLING] = -1;
    nodes[row + CHILD_COUNT] = 0;
    nodes[row + ELEMENT_CHILD_COUNT] = 0;
    nodes[row + NAME_ID] = -1;
    nodes[row + START] = from;
    nodes[row + END] = to;
    nodes[row + CONTENT_START] = to;
    nodes[row + CONTENT_END] = to;
    nodes[row + LINE] = line;
    nodes[row + END_LINE] = line;
    nodes[row + ATTR_START] = this.attributeCount;
    nodes[row + ATTR_COUNT] = 0;
    this.nodeCount = id + 1;
    if (parentNode >= 0) {
      const parentRow = parentNode * FIELDS;
      const last = nodes[parentRow + LAST_CHILD] ?? -1;
      if (last === -1) nodes[parentRow + FIRST_CHILD] = id;
      else nodes[last * FIELDS + NEXT_SIBLING] = id;
      nodes[parentRow + LAST_CHILD] = id;
      nodes[parentRow + CHILD_COUNT] = (nodes[parentRow + CHILD_COUNT] ?? 0) + 1;
      if (nodeKind === NODE_ELEMENT) {
        nodes[parentRow + ELEMENT_CHILD_COUNT] = (nodes[parentRow + ELEMENT_CHILD_COUNT] ?? 0) + 1;
      }
    }
    return id;
  }

  /** Names an element with source[from, to). */
  setName(node: number, source: string, from: number, to: number): void {
    if (this.enabled) this.nodes[node * FIELDS + NAME_ID] = this.internName(source, from, to);
  }

  /**
   * Adds an attribute to the element whose start tag is being read (its last node): its name is
   * source[nameStart - base, nameEnd - base); the value's offsets are the document's.
   */
  addAttribute(
    node: number,
    source: string,
    base: number,
    nameStart: number,
    nameEnd: number,
    valueStart: number,
    valueEnd: number,
  ): void {
    if (!this.enabled) return;
    const at = this.attributeCount * ATTRIBUTE_FIELDS;
    if (at + ATTRIBUTE_FIELDS > this.attributes.length) {
      const grown = new Int32Array(this.attributes.length * 2 + ATTRIBUTE_FIELDS);
      grown.set(this.attributes);
      this.attributes = grown;
    }
    const attributes = this.attributes;
    attributes[at] = this.internName(source, nameStart - base, nameEnd - base);
    attributes[at + 1] = valueStart;
    attributes[at + 2] = valueEnd;
    this.attributeCount += 1;
    this.nodes[node * FIELDS + ATTR_COUNT] = (this.nodes[node * FIELDS + ATTR_COUNT] ?? 0) + 1;
  }

  /** The element's start tag ends at `to`: so far it is empty and ends there too. */
  endStartTag(node: number, to: number): void {
    if (!this.enabled) return;
    const row = node * FIELDS;
    this.nodes[row + CONTENT_START] = to;
    this.nodes[row + CONTENT_END] = to;
    this.nodes[row + END] = to;
  }

  /** The element's end tag spans xml[from, to). */
  endElement(node: number, from: number, to: number): void {
    if (!this.enabled) return;
    this.nodes[node * FIELDS + CONTENT_END] = from;
    this.nodes[node * FIELDS + END] = to;
  }

  /** The pretty lines the node starts and ends on. */
  setLines(node: number, first: number, last: number): void {
    if (!this.enabled) return;
    this.nodes[node * FIELDS + LINE] = first;
    this.nodes[node * FIELDS + END_LINE] = last;
  }

  setFirstLine(node: number, first: number): void {
    if (this.enabled) this.nodes[node * FIELDS + LINE] = first;
  }

  parentOf(node: number): number {
    return this.nodes[node * FIELDS + PARENT] ?? -1;
  }

  /** The finished index, or null when the builder is disabled; `length` is the payload's. */
  build(length: number): XmlTreeIndex | null {
    return stepsToEnd(this.buildInSteps(length));
  }

  /**
   * build, a column per step: at 100,000 records (1.7 million nodes) the columns take over 100 ms
   * in all, too long for one task of a worker that answers the page between tasks.
   */
  *buildInSteps(length: number): Generator<void, XmlTreeIndex | null, void> {
    if (!this.enabled) return null;
    this.nodes[END] = length;
    this.nodes[CONTENT_START] = length;
    this.nodes[CONTENT_END] = length;
    const nodeCount = this.nodeCount;
    const nodes = this.nodes;
    const column = (field: number): Int32Array => {
      const out = new Int32Array(nodeCount);
      for (let i = 0, at = field; i < out.length; i += 1, at += FIELDS) out[i] = nodes[at] ?? 0;
      return out;
    };
    const attributeColumn = (field: number): Int32Array => {
      const out = new Int32Array(this.attributeCount);
      const attributes = this.attributes;
      for (let i = 0, at = field; i < out.length; i += 1, at += ATTRIBUTE_FIELDS) {
        out[i] = attributes[at] ?? 0;
      }
      return out;
    };
    const kind = new Uint8Array(column(KIND));
    yield;
    const parent = column(PARENT);
    yield;
    const firstChild = column(FIRST_CHILD);
    yield;
    const nextSibling = column(NEXT_SIBLING);
    yield;
    const childCount = column(CHILD_COUNT);
    yield;
    const elementChildCount = column(ELEMENT_CHILD_COUNT);
    yield;
    const nameId = column(NAME_ID);
    yield;
    const start = column(START);
    yield;
    const end = column(END);
    yield;
    const contentStart = column(CONTENT_START);
    yield;
    const contentEnd = column(CONTENT_END);
    yield;
    const line = column(LINE);
    yield;
    const endLine = column(END_LINE);
    yield;
    const attrStart = column(ATTR_START);
    yield;
    const attrCount = column(ATTR_COUNT);
    yield;
    return {
      nodeCount,
      kind,
      parent,
      firstChild,
      nextSibling,
      childCount,
      elementChildCount,
      nameId,
      start,
      end,
      contentStart,
      contentEnd,
      line,
      endLine,
      attrStart,
      attrCount,
      attrNameId: attributeColumn(0),
      attrValueStart: attributeColumn(1),
      attrValueEnd: attributeColumn(2),
      names: this.names,
    };
  }

  private internName(xml: string, from: number, to: number): number {
    const length = to - from;
    const slot =
      (length * 31 + xml.charCodeAt(from) * 7 + xml.charCodeAt(to - 1)) & (NAME_CACHE - 1);
    const cached = this.nameCache[slot] ?? -1;
    if (cached >= 0) {
      const name = this.names[cached] ?? '';
      if (name.length === length) {
        let same = true;
        for (let k = 0; k < length; k += 1) {
          if (name.charCodeAt(k) !== xml.charCodeAt(from + k)) {
            same = false;
            break;
          }
        }
        if (same) return cached;
      }
    }
    const name = xml.slice(from, to);
    let id = this.nameIds.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.nameIds.set(name, id);
    }
    this.nameCache[slot] = id;
    return id;
  }
}
