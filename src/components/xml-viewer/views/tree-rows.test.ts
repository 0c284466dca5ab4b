import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeXml } from '../../../xml/analyze-xml.ts';
import { isExpandable } from '../../../xml/node-label.ts';
import { randomElement } from '../../../xml/random-xml.test-helper.ts';
import { structureOf, type XmlTreeStructure } from '../../../xml/xml-index.ts';
import { rowOfNode, treeRows } from './tree-rows.ts';

function structure(xml: string): XmlTreeStructure {
  const index = analyzeXml(xml).index;
  if (!index) throw new Error('no index');
  return structureOf(index);
}

/** The rows as objects, by recursion: what the typed rows must spell. */
function expectedRows(index: XmlTreeStructure, expanded: ReadonlySet<number>) {
  const rows: Array<[number, number, number, number]> = [];
  const visit = (parent: number, depth: number) => {
    let position = 0;
    for (let c = index.firstChild[parent] ?? -1; c !== -1; c = index.nextSibling[c] ?? -1) {
      position += 1;
      rows.push([c, depth, position, index.childCount[parent] ?? 0]);
      if (expanded.has(c) && isExpandable(index, c)) visit(c, depth + 1);
    }
  };
  visit(0, 1);
  return rows;
}

const spelled = (index: XmlTreeStructure, expanded: ReadonlySet<number>) => {
  const rows = treeRows(index, expanded);
  return Array.from({ length: rows.length }, (_, i) => [
    rows.node[i],
    rows.depth[i],
    rows.position[i],
    rows.siblings[i],
  ]);
};

describe('treeRows', () => {
  it('lists the children of expanded elements in document order, with depth and position', () => {
    const index = structure('<!--c--><a><b>x</b><c><d/><d/></c>t</a>');
    // Nodes: 1 comment, 2 <a>, 3 <b>, 4 "x", 5 <c>, 6 <d>, 7 <d>, 8 "t".
    expect(spelled(index, new Set())).toEqual([
      [1, 1, 1, 2],
      [2, 1, 2, 2],
    ]);
    expect(spelled(index, new Set([2, 5]))).toEqual([
      [1, 1, 1, 2],
      [2, 1, 2, 2],
      [3, 2, 1, 3],
      [5, 2, 2, 3],
      [6, 3, 1, 2],
      [7, 3, 2, 2],
      [8, 2, 3, 3],
    ]);
    // <b> holds only text: shown on its row, not expanded.
    expect(spelled(index, new Set([2, 3]))).toHaveLength(5);
    const rows = treeRows(index, new Set([2, 5]));
    expect(rowOfNode(rows, 7)).toBe(5);
    expect(rowOfNode(rows, 4)).toBe(-1);
  });

  it('spells the recursive listing for any document and any expanded set', () => {
    fc.assert(
      fc.property(randomElement, fc.array(fc.integer({ min: 0, max: 60 })), (xml, open) => {
        const index = structure(xml);
        const expanded = new Set(open.filter((node) => node < index.nodeCount));
        expect(spelled(index, expanded)).toEqual(expectedRows(index, expanded));
      }),
      { numRuns: 200 },
    );
  });

  it('lists a document nested as deep as the reader allows', () => {
    const depth = 10_000;
    const index = structure(`${'<e>'.repeat(depth)}${'</e>'.repeat(depth)}`);
    const every = new Set(Array.from({ length: index.nodeCount }, (_, node) => node));
    const rows = treeRows(index, every);
    expect(rows.length).toBe(depth);
    expect(rows.depth[depth - 1]).toBe(depth);
  });
});
