/**
 * Row-level diff of two record lists (the table view's records: the root's same-named
 * children), keyed by a column: added, removed and changed rows, and which cells changed.
 */
import type { MeaningElement } from './xml-meaning-tree.ts';

export type RecordRow = Record<string, string>;

export interface ChangedRow {
  key: string;
  left: RecordRow;
  right: RecordRow;
  /** Columns whose value differs. */
  cells: string[];
}

export interface RecordDiff {
  /** The element name of the records (a local name, or {uri}local). */
  recordName: string;
  columns: string[];
  keyColumn: string | null;
  added: Array<{ key: string; row: RecordRow }>;
  removed: Array<{ key: string; row: RecordRow }>;
  changed: ChangedRow[];
  unchanged: Array<{ key: string; row: RecordRow }>;
  /** Keys that occur more than once on a side (rows then pair in order of appearance). */
  duplicateKeys: number;
}

const localName = (name: string) => name.slice(name.lastIndexOf('}') + 1);

/** The most frequent child element name, when it repeats: `Stub` under `AssetStubs`. */
export function recordNameOf(root: MeaningElement): string | null {
  const counts = new Map<string, number>();
  for (const child of root.children) {
    if (child.kind === 'element') counts.set(child.name, (counts.get(child.name) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 1;
  for (const [name, count] of counts) {
    if (count > bestCount) {
      best = name;
      bestCount = count;
    }
  }
  return best;
}

/** Attributes (by local name, `@` first) and simple child elements as cells. */
export function recordRow(record: MeaningElement): RecordRow {
  const row: RecordRow = {};
  for (const attribute of record.attributes) row[`@${localName(attribute.name)}`] = attribute.value;
  for (const child of record.children) {
    if (child.kind === 'text') {
      row['#text'] = (row['#text'] ?? '') + child.value;
    } else if (child.children.every((c) => c.kind === 'text')) {
      row[localName(child.name)] = child.children
        .map((c) => (c.kind === 'text' ? c.value : ''))
        .join('');
    } else {
      row[localName(child.name)] = '(nested)';
    }
  }
  return row;
}

export function recordsOf(root: MeaningElement, name: string): RecordRow[] {
  const rows: RecordRow[] = [];
  for (const child of root.children)
    if (child.kind === 'element' && child.name === name) rows.push(recordRow(child));
  return rows;
}

function columnsOf(rows: readonly RecordRow[], into: Set<string>): void {
  for (const row of rows) for (const column of Object.keys(row)) into.add(column);
}

function uniqueCount(rows: readonly RecordRow[], column: string): number {
  const seen = new Set<string>();
  for (const row of rows) {
    const value = row[column];
    if (value !== undefined) seen.add(value);
  }
  return seen.size;
}

/**
 * The default key: an ID-like column (`@ID`, `@Id`, `…ID`) present and unique on both sides.
 * @example defaultKeyColumn(['@Type', '@ID'], rows, rows) // '@ID'
 */
export function defaultKeyColumn(
  columns: readonly string[],
  left: readonly RecordRow[],
  right: readonly RecordRow[],
): string | null {
  const idLike = columns.filter((c) => /(^[@]?id$)|id$/i.test(c.replace(/^@/, '')));
  const ordered = [...idLike.filter((c) => /^@?id$/i.test(c)), ...idLike];
  return (
    ordered.find(
      (c) => uniqueCount(left, c) === left.length && uniqueCount(right, c) === right.length,
    ) ?? null
  );
}

function keyed(rows: readonly RecordRow[], keyColumn: string | null): Map<string, RecordRow[]> {
  const map = new Map<string, RecordRow[]>();
  rows.forEach((row, index) => {
    const key = keyColumn === null ? `#${index + 1}` : (row[keyColumn] ?? '(no key)');
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  });
  return map;
}

/**
 * @example diffRecordLists(leftRows, rightRows, { recordName: 'Stub', keyColumn: '@ID' })
 */
export function diffRecordLists(
  left: readonly RecordRow[],
  right: readonly RecordRow[],
  options: { recordName: string; keyColumn?: string | null },
): RecordDiff {
  const columnSet = new Set<string>();
  columnsOf(left, columnSet);
  columnsOf(right, columnSet);
  const columns = [...columnSet];
  const keyColumn =
    options.keyColumn === undefined ? defaultKeyColumn(columns, left, right) : options.keyColumn;
  const leftByKey = keyed(left, keyColumn);
  const rightByKey = keyed(right, keyColumn);
  const diff: RecordDiff = {
    recordName: options.recordName,
    columns,
    keyColumn,
    added: [],
    removed: [],
    changed: [],
    unchanged: [],
    duplicateKeys: 0,
  };
  for (const [key, leftRows] of leftByKey) {
    const rightRows = rightByKey.get(key) ?? [];
    if (leftRows.length > 1 || rightRows.length > 1) diff.duplicateKeys += 1;
    const pairs = Math.min(leftRows.length, rightRows.length);
    for (let i = 0; i < pairs; i++) {
      const l = leftRows[i]!;
      const r = rightRows[i]!;
      const cells = columns.filter((c) => l[c] !== r[c]);
      if (cells.length) diff.changed.push({ key, left: l, right: r, cells });
      else diff.unchanged.push({ key, row: r });
    }
    for (const row of leftRows.slice(pairs)) diff.removed.push({ key, row });
    for (const row of rightRows.slice(pairs)) diff.added.push({ key, row });
  }
  for (const [key, rightRows] of rightByKey) {
    if (!leftByKey.has(key)) for (const row of rightRows) diff.added.push({ key, row });
  }
  return diff;
}
