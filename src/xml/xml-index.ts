/**
 * The element tree index the viewer's worker builds and keeps: one slot per node in parallel
 * typed arrays (structure of arrays), so that 300,000 nodes cost a few megabytes. Offsets point
 * into the payload's text, which stays in the worker with them. The page gets a copy of the
 * tree's structure alone (`structureOf`: shape, names, lines) when a view walks the tree; the
 * XPath worker gets a copy of the whole index (`copyIndex`).
 */

export const NODE_DOCUMENT = 0;
export const NODE_ELEMENT = 1;
export const NODE_TEXT = 2;
export const NODE_CDATA = 3;
export const NODE_COMMENT = 4;
export const NODE_PI = 5;
export const NODE_DOCTYPE = 6;

export interface XmlTreeIndex {
  nodeCount: number;
  /** One of the NODE_* constants. Node 0 is the document. */
  kind: Uint8Array;
  parent: Int32Array;
  firstChild: Int32Array;
  nextSibling: Int32Array;
  childCount: Int32Array;
  /** Element children only (text, comments... excluded). */
  elementChildCount: Int32Array;
  /** Index into `names`, -1 for non-elements. */
  nameId: Int32Array;
  /** Source range of the whole node. */
  start: Int32Array;
  end: Int32Array;
  /** For elements: the range between the start and end tags (empty when self-closing). */
  contentStart: Int32Array;
  contentEnd: Int32Array;
  /** 0-based pretty-printed line of the node's first and last line. */
  line: Int32Array;
  endLine: Int32Array;
  attrStart: Int32Array;
  attrCount: Int32Array;
  attrNameId: Int32Array;
  /** Raw (escaped) value range in the source, quotes excluded. */
  attrValueStart: Int32Array;
  attrValueEnd: Int32Array;
  /** Element and attribute names (qualified, as written). */
  names: string[];
}

/**
 * What the page walks (Tree, Table, XPath's reveal, deep links): the tree's shape, element names
 * and pretty lines, without the offsets into the text, which only the worker can read.
 */
export type XmlTreeStructure = Pick<
  XmlTreeIndex,
  | 'nodeCount'
  | 'kind'
  | 'parent'
  | 'firstChild'
  | 'nextSibling'
  | 'childCount'
  | 'elementChildCount'
  | 'nameId'
  | 'line'
  | 'names'
>;

/** A copy of the index's structure, for the page (its arrays transferred: `structureBuffers`). */
export function structureOf(index: XmlTreeIndex): XmlTreeStructure {
  return {
    nodeCount: index.nodeCount,
    kind: index.kind.slice(),
    parent: index.parent.slice(),
    firstChild: index.firstChild.slice(),
    nextSibling: index.nextSibling.slice(),
    childCount: index.childCount.slice(),
    elementChildCount: index.elementChildCount.slice(),
    nameId: index.nameId.slice(),
    line: index.line.slice(),
    names: [...index.names],
  };
}

/** The typed arrays of a structure, for the transfer list of postMessage. */
export function structureBuffers(structure: XmlTreeStructure): ArrayBuffer[] {
  return [
    structure.kind,
    structure.parent,
    structure.firstChild,
    structure.nextSibling,
    structure.childCount,
    structure.elementChildCount,
    structure.nameId,
    structure.line,
  ].map((array) => array.buffer as ArrayBuffer);
}

/** A copy of the whole index, for another worker (its arrays transferred: `indexBuffers`). */
export function copyIndex(index: XmlTreeIndex): XmlTreeIndex {
  return {
    ...structureOf(index),
    start: index.start.slice(),
    end: index.end.slice(),
    contentStart: index.contentStart.slice(),
    contentEnd: index.contentEnd.slice(),
    endLine: index.endLine.slice(),
    attrStart: index.attrStart.slice(),
    attrCount: index.attrCount.slice(),
    attrNameId: index.attrNameId.slice(),
    attrValueStart: index.attrValueStart.slice(),
    attrValueEnd: index.attrValueEnd.slice(),
  };
}

/** The typed arrays of an index, for the transfer list of postMessage. */
export function indexBuffers(index: XmlTreeIndex): ArrayBuffer[] {
  return [
    ...structureBuffers(index),
    ...[
      index.start,
      index.end,
      index.contentStart,
      index.contentEnd,
      index.endLine,
      index.attrStart,
      index.attrCount,
      index.attrNameId,
      index.attrValueStart,
      index.attrValueEnd,
    ].map((array) => array.buffer as ArrayBuffer),
  ];
}

/** Children of `node` in document order. @example childrenOf(index, 0) // top-level nodes */
export function childrenOf(index: XmlTreeStructure, node: number): number[] {
  const children: number[] = [];
  for (
    let child = index.firstChild[node] ?? -1;
    child !== -1;
    child = index.nextSibling[child] ?? -1
  ) {
    children.push(child);
  }
  return children;
}

/**
 * The element children of `node` counted by name id, in first-seen order.
 *
 * @example childElementCounts(index, rootElement(index)) // Map { 2 => 100000, 7 => 1 }
 */
export function childElementCounts(index: XmlTreeStructure, node: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (let c = index.firstChild[node] ?? -1; c !== -1; c = index.nextSibling[c] ?? -1) {
    if (index.kind[c] !== NODE_ELEMENT) continue;
    const id = index.nameId[c] ?? -1;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The qualified name of an element, or '' for other nodes. */
export function nodeName(index: XmlTreeStructure, node: number): string {
  const id = index.nameId[node] ?? -1;
  return id < 0 ? '' : (index.names[id] ?? '');
}

/** The first top-level element (the root), or -1. */
export function rootElement(index: XmlTreeStructure): number {
  for (const child of childrenOf(index, 0)) {
    if (index.kind[child] === NODE_ELEMENT) return child;
  }
  return -1;
}
