/**
 * Detects the list-of-records shape (same-named children of the root, like <Stub> under
 * <AssetStubs>) and turns it into columns: one per attribute and per simple child element (an
 * element with no element children), in order of first appearance.
 */
import { stepsToEnd } from '../tasks/steps-to-end.ts';
import { CellColumn } from './cell-column.ts';
import { cdataContent } from './xml-entities.ts';
import {
  decodeAttributeValue,
  decodeCharacterData,
  normalizeLineBreaks,
} from './reader/xml-values.ts';
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
  /** values[column].at(row), decoded; '' when absent. */
  values: CellColumn[];
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
    if (kind === NODE_TEXT) text += decodeCharacterData(raw);
    else if (kind === NODE_CDATA) text += normalizeLineBreaks(cdataContent(raw));
  }
  return text.trim();
}

/**
 * Whether xml[start, end) is a value as written: no reference to decode, no CR for end-of-line
 * handling to turn into LF (nor, in an attribute, a TAB, LF or CR to turn into a space: XML 1.0
 * §2.11, §3.3.3) and, in a field, no white space at either end for String.prototype.trim to
 * take off.
 */
function isWrittenValue(xml: string, start: number, end: number, kind: 'field' | 'attribute') {
  if (end <= start) return true;
  if (kind === 'field' && (trimsAway(xml.charCodeAt(start)) || trimsAway(xml.charCodeAt(end - 1))))
    return false;
  const changed = kind === 'field' ? CHANGED_IN_TEXT : CHANGED_IN_ATTRIBUTE;
  for (let i = start; i < end; i++) {
    const c = xml.charCodeAt(i);
    if (c === AMPERSAND || (c <= CR && (changed & (1 << c)) !== 0)) return false;
  }
  return true;
}

const AMPERSAND = 38;
const TAB = 9;
const LF = 10;
const CR = 13;
/** The control characters that decoding a field's text or an attribute value changes. */
const CHANGED_IN_TEXT = 1 << CR;
const CHANGED_IN_ATTRIBUTE = CHANGED_IN_TEXT | (1 << TAB) | (1 << LF);

/** Whether String.prototype.trim removes this UTF-16 code unit (white space, line terminators). */
function trimsAway(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Sets a record's cell to the text of a field (an element made only of text and CDATA): as its
 * range of the payload when that is its value, else decoded. A field repeated within one record
 * keeps every value ('a; b').
 */
function setFieldCell(
  column: CellColumn,
  row: number,
  xml: string,
  index: XmlTreeIndex,
  element: number,
): void {
  const earlier = column.isEmpty(row) ? '' : column.at(row);
  const child = index.firstChild[element] ?? -1;
  if (
    earlier === '' &&
    child !== -1 &&
    index.nextSibling[child] === -1 &&
    index.kind[child] === NODE_TEXT
  ) {
    const start = index.start[child] ?? 0;
    const end = index.end[child] ?? 0;
    if (isWrittenValue(xml, start, end, 'field')) {
      column.setRange(row, start, end);
      return;
    }
  }
  const text = simpleElementText(xml, index, element) ?? '';
  column.setValue(row, earlier ? `${earlier}; ${text}` : text);
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
  const columns: TableColumn[] = [];
  const values: CellColumn[] = [];
  // The column of each attribute name and of each field name, by name id (-1: none yet).
  const attributeColumn = new Int32Array(index.names.length).fill(-1);
  const fieldColumn = new Int32Array(index.names.length).fill(-1);
  const columnFor = (nameId: number, source: TableColumn['source']): CellColumn => {
    const byName = source === 'attribute' ? attributeColumn : fieldColumn;
    const at = byName[nameId] ?? -1;
    const known = values[at];
    if (known) return known;
    const name = index.names[nameId] ?? '';
    byName[nameId] = columns.length;
    columns.push({ key: source === 'attribute' ? `@${name}` : name, label: name, source });
    const column = new CellColumn(xml, recordCount);
    values.push(column);
    return column;
  };

  let row = 0;
  for (let c = index.firstChild[root] ?? -1; c !== -1; c = index.nextSibling[c] ?? -1) {
    if (index.kind[c] !== NODE_ELEMENT || index.nameId[c] !== recordNameId) continue;
    records[row] = c;
    const attrFrom = index.attrStart[c] ?? 0;
    const attrTo = attrFrom + (index.attrCount[c] ?? 0);
    for (let a = attrFrom; a < attrTo; a++) {
      const column = columnFor(index.attrNameId[a] ?? -1, 'attribute');
      const start = index.attrValueStart[a] ?? 0;
      const end = index.attrValueEnd[a] ?? 0;
      if (isWrittenValue(xml, start, end, 'attribute')) column.setRange(row, start, end);
      else column.setValue(row, decodeAttributeValue(xml.slice(start, end)));
    }
    for (let f = index.firstChild[c] ?? -1; f !== -1; f = index.nextSibling[f] ?? -1) {
      if (index.kind[f] !== NODE_ELEMENT || (index.elementChildCount[f] ?? 0) > 0) continue;
      setFieldCell(columnFor(index.nameId[f] ?? -1, 'element'), row, xml, index, f);
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
