/**
 * BASELINE for `npm run bench -- table-query`: the record table's cells as the viewer's worker
 * read them before they were ranges of the payload (src/xml/cell-column.ts), a string per cell,
 * so that the bench times both ways of reading the same table in one run. Not used by the
 * console.
 */
import { simpleElementText } from '../../src/xml/record-table.ts';
import { decodeXmlEntities } from '../../src/xml/xml-entities.ts';
import {
  childElementCounts,
  NODE_ELEMENT,
  rootElement,
  type XmlTreeIndex,
} from '../../src/xml/xml-index.ts';

/** values[column][row] of the record table of `xml`, a string per cell; [] without records. */
export function baselineTableValues(xml: string, index: XmlTreeIndex): string[][] {
  const root = rootElement(index);
  if (root < 0) return [];
  let recordNameId = -1;
  let recordCount = 0;
  for (const [id, count] of childElementCounts(index, root)) {
    if (count > recordCount) {
      recordNameId = id;
      recordCount = count;
    }
  }
  const columnIndex = new Map<string, number>();
  const values: string[][] = [];
  const columnFor = (key: string): string[] => {
    let at = columnIndex.get(key);
    if (at === undefined) {
      at = values.length;
      columnIndex.set(key, at);
      values.push(new Array<string>(recordCount).fill(''));
    }
    return values[at] ?? [];
  };
  let row = 0;
  for (let c = index.firstChild[root] ?? -1; c !== -1; c = index.nextSibling[c] ?? -1) {
    if (index.kind[c] !== NODE_ELEMENT || index.nameId[c] !== recordNameId) continue;
    const attrFrom = index.attrStart[c] ?? 0;
    const attrTo = attrFrom + (index.attrCount[c] ?? 0);
    for (let a = attrFrom; a < attrTo; a++) {
      const name = index.names[index.attrNameId[a] ?? -1] ?? '';
      const column = columnFor(`@${name}`);
      column[row] = decodeXmlEntities(xml.slice(index.attrValueStart[a], index.attrValueEnd[a]));
    }
    for (let f = index.firstChild[c] ?? -1; f !== -1; f = index.nextSibling[f] ?? -1) {
      if (index.kind[f] !== NODE_ELEMENT) continue;
      const text = simpleElementText(xml, index, f);
      if (text === null) continue;
      const column = columnFor(index.names[index.nameId[f] ?? -1] ?? '');
      column[row] = column[row] ? `${column[row]}; ${text}` : text;
    }
    row += 1;
  }
  return values;
}
