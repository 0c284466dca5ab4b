/**
 * Node-set results that are records (every node an element of one name, like `Stub`) shown as a
 * table: one column per attribute, then one per child element holding text, in first-seen order.
 */
import type { IndexNode, XPathDomNode } from './index-dom.ts';

export interface XPathRecords {
  recordName: string;
  columns: string[];
  /** One row per record, values in column order ('' when absent). */
  rows: string[][];
}

const CELL_CHARS = 500;

export function recordsOf(nodes: readonly XPathDomNode[]): XPathRecords | null {
  const first = nodes[0];
  if (!first || first.nodeType !== 1) return null;
  const name = first.nodeName;
  if (!nodes.every((node) => node.nodeType === 1 && node.nodeName === name)) return null;
  const columns = new Map<string, number>();
  const cells: Array<Map<number, string>> = [];
  const column = (label: string): number => {
    let at = columns.get(label);
    if (at === undefined) {
      at = columns.size;
      columns.set(label, at);
    }
    return at;
  };
  for (const node of nodes as IndexNode[]) {
    const row = new Map<number, string>();
    const attributes = node.attributes;
    for (let i = 0; attributes && i < attributes.length; i++) {
      const attribute = attributes.item(i);
      if (attribute) row.set(column(`@${attribute.nodeName}`), attribute.value);
    }
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== 1 || child.firstChild?.nodeType === 1) continue;
      const at = column(child.nodeName);
      if (!row.has(at)) row.set(at, child.textContent.slice(0, CELL_CHARS));
    }
    cells.push(row);
  }
  const width = columns.size;
  if (width === 0) return null;
  return {
    recordName: name,
    columns: [...columns.keys()],
    rows: cells.map((row) => Array.from({ length: width }, (_, i) => row.get(i) ?? '')),
  };
}
