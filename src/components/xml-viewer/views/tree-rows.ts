/**
 * The Tree's rows: the nodes of the expanded elements in document order, as typed columns (one
 * entry per row), so that a root of 600,000 records lists its rows without an object per row
 * and finds a node's row with one native scan.
 */
import { isExpandable } from '../../../xml/node-label.ts';
import type { XmlTreeStructure } from '../../../xml/xml-index.ts';

export interface TreeRows {
  length: number;
  node: Int32Array;
  /** 1 for the top level. */
  depth: Int32Array;
  /** 1-based position among its siblings, and their count (aria-posinset / aria-setsize). */
  position: Int32Array;
  siblings: Int32Array;
}

/** Calls `visit(node, depth, position, siblings)` for every row, in order. */
function walk(
  index: XmlTreeStructure,
  expanded: ReadonlySet<number>,
  visit: (node: number, depth: number, position: number, siblings: number) => void,
): void {
  // A stack of levels rather than recursion: the reader allows 10,000 levels of nesting.
  const stack: Array<{ next: number; depth: number; position: number; siblings: number }> = [
    { next: index.firstChild[0] ?? -1, depth: 1, position: 0, siblings: index.childCount[0] ?? 0 },
  ];
  while (stack.length > 0) {
    const level = stack[stack.length - 1]!;
    const node = level.next;
    if (node === -1) {
      stack.pop();
      continue;
    }
    level.next = index.nextSibling[node] ?? -1;
    level.position += 1;
    visit(node, level.depth, level.position, level.siblings);
    if (expanded.has(node) && isExpandable(index, node)) {
      stack.push({
        next: index.firstChild[node] ?? -1,
        depth: level.depth + 1,
        position: 0,
        siblings: index.childCount[node] ?? 0,
      });
    }
  }
}

/**
 * The rows of the tree with these elements expanded: counted first, then written.
 * @example treeRows(index, new Set([rootElement(index)])).length // the root and its children
 */
export function treeRows(index: XmlTreeStructure, expanded: ReadonlySet<number>): TreeRows {
  let length = 0;
  walk(index, expanded, () => (length += 1));
  const rows: TreeRows = {
    length,
    node: new Int32Array(length),
    depth: new Int32Array(length),
    position: new Int32Array(length),
    siblings: new Int32Array(length),
  };
  let at = 0;
  walk(index, expanded, (node, depth, position, siblings) => {
    rows.node[at] = node;
    rows.depth[at] = depth;
    rows.position[at] = position;
    rows.siblings[at] = siblings;
    at += 1;
  });
  return rows;
}

/** The row showing `node`, or -1 when it is not listed (a closed ancestor). */
export function rowOfNode(rows: TreeRows, node: number): number {
  return rows.node.indexOf(node);
}
