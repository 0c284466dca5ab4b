/**
 * Detects the list-of-records shape (same-named children of the root, like <Stub> under
 * <AssetStubs>) and turns it into columns: one per attribute and per simple child element (an
 * element with no element children), in order of first appearance.
 */
import { stepsToEnd } from '../tasks/steps-to-end.ts';
import { decodeXmlEntities } from './xml-entities.ts';
import {
  childElementCounts,
  NODE_CDATA,
  NODE_ELEMENT,
  NODE_TEXT,
  rootElement,
  type XmlTreeIndex,
} from './xml-index.ts';

export interface TableColumn {
  /** `@name` for an attribute, `name` for a child element. */
  key: string;
  /** What the header shows: the plain name, or `@name` when an element has the same name. */
  label: string;
  source: 'attribute' | 'element';
}

export interface RecordTableShape {
  rootName: string;
  recordName: string;
  /** Node ids of the records, in document order. */
  records: Int32Array;
  columns: TableColumn[];
  /** Element children of the root that are not records (another name). */
  otherChildren: number;
}

export interface RecordTable extends RecordTableShape {
  /** values[column][row], decoded; '' when absent. */
  values: string[][];
}

/** Text of an element made only of text and CDATA, decoded; null if it has element children. */
export function simpleElementText(
  xml: string,
  index: XmlTreeIndex,
  element: number,
): string | null {
  if ((index.elementChildCount[element] ?? 0) > 0) return null;
  let text = '';
  for (let c = index.firstChild[element] ?? -1; c !== -1; c = index.nextSibling[c] ?? -1) {
    const kind = index.kind[c];
    const raw = xml.slice(index.start[c], index.end[c]);
    if (kind === NODE_TEXT) text += decodeXmlEntities(raw);
    else if (kind === NODE_CDATA) text += raw.slice(9, -3);
  }
  return text.trim();
}

/** Records read per step of recordTableInSteps: a millisecond or two of work. */
const RECORDS_PER_STEP = 256;

/**
 * Finds the records and their columns, or null when the root has no repeated child shape.
 *
 * @example
 * extractRecordTable(xml, index)?.columns.map((c) => c.label) // ['ID', 'Type', 'Title']
 */
export function extractRecordTable(xml: string, index: XmlTreeIndex): RecordTable | null {
  return stepsToEnd(recordTableInSteps(xml, index));
}

/**
 * extractRecordTable as steps (it yields every RECORDS_PER_STEP records), for a worker that
 * reads a large table between the page's requests (stepsInTasks).
 */
export function* recordTableInSteps(
  xml: string,
  index: XmlTreeIndex,
): Generator<void, RecordTable | null, void> {
  const root = rootElement(index);
  if (root < 0) return null;
  let elementChildren = 0;
  let recordNameId = -1;
  let recordCount = 0;
  for (const [id, count] of childElementCounts(index, root)) {
    elementChildren += count;
    if (count > recordCount) {
      recordNameId = id;
      recordCount = count;
    }
  }
  if (recordCount === 0) return null;

  const records = new Int32Array(recordCount);
  const columnIndex = new Map<string, number>();
  const columns: TableColumn[] = [];
  const values: string[][] = [];
  const columnFor = (key: string, source: TableColumn['source'], name: string): string[] => {
    let at = columnIndex.get(key);
    if (at === undefined) {
      at = columns.length;
      columnIndex.set(key, at);
      columns.push({ key, label: name, source });
      values.push(new Array<string>(recordCount).fill(''));
    }
    return values[at] ?? [];
  };

  let row = 0;
  for (let c = index.firstChild[root] ?? -1; c !== -1; c = index.nextSibling[c] ?? -1) {
    if (index.kind[c] !== NODE_ELEMENT || index.nameId[c] !== recordNameId) continue;
    records[row] = c;
    const attrFrom = index.attrStart[c] ?? 0;
    const attrTo = attrFrom + (index.attrCount[c] ?? 0);
    for (let a = attrFrom; a < attrTo; a++) {
      const name = index.names[index.attrNameId[a] ?? -1] ?? '';
      const column = columnFor(`@${name}`, 'attribute', name);
      column[row] = decodeXmlEntities(xml.slice(index.attrValueStart[a], index.attrValueEnd[a]));
    }
    for (let f = index.firstChild[c] ?? -1; f !== -1; f = index.nextSibling[f] ?? -1) {
      if (index.kind[f] !== NODE_ELEMENT) continue;
      const text = simpleElementText(xml, index, f);
      if (text === null) continue;
      const name = index.names[index.nameId[f] ?? -1] ?? '';
      const column = columnFor(name, 'element', name);
      // A field repeated within one record keeps every value.
      column[row] = column[row] ? `${column[row]}; ${text}` : text;
    }
    row += 1;
    if (row % RECORDS_PER_STEP === 0) yield;
  }

  const elementNames = new Set(columns.filter((c) => c.source === 'element').map((c) => c.key));
  for (const column of columns) {
    if (column.source === 'attribute' && elementNames.has(column.label)) column.label = column.key;
  }

  return {
    rootName: index.names[index.nameId[root] ?? -1] ?? '',
    recordName: index.names[recordNameId] ?? '',
    records,
    columns,
    otherChildren: elementChildren - recordCount,
    values,
  };
}
