/**
 * The record table as it crosses from the viewer's worker to the page (its columns, the record
 * of each row, and the first rows' values as one string and offsets per column: cheap to clone,
 * sliced per visible cell; the worker keeps the rest), and the rule for when the Table view
 * shows its first records before the whole table. Used by the worker and, for the first records
 * of a payload, by the page itself.
 */
import type { Cells } from '../../xml/cell-column.ts';
import type { RecordTable } from '../../xml/record-table.ts';
import type { PackedColumn, TableAnswer, TransferredTable } from './viewer-worker-protocol.ts';

/** Rows the Table view shows before the whole table is built: a few screens. */
export const TABLE_HEAD_ROWS = 200;
/** Below this the whole table is built quickly enough that a preview would only flicker. */
const TABLE_HEAD_MIN_CHARS = 256 * 1024;

/**
 * Whether a payload of `charLength` characters gets a preview of its first records. Characters never outnumber UTF-8
 * bytes, so this never previews a table the size limit refuses.
 */
export function wantsTableHead(charLength: number, maxIndexBytes: number): boolean {
  return charLength >= TABLE_HEAD_MIN_CHARS && charLength <= maxIndexBytes;
}

function packColumn(values: readonly string[]): PackedColumn {
  const offsets = new Uint32Array(values.length + 1);
  let length = 0;
  for (let i = 0; i < values.length; i++) {
    length += (values[i] ?? '').length;
    offsets[i + 1] = length;
  }
  return { text: values.join(''), offsets };
}

/**
 * The values of these rows, per column, packed as the table's first rows are: one string and
 * its offsets per column to clone, not a string per cell.
 * @example packRows(table.values, Uint32Array.of(500, 501))
 */
export function packRows(columns: readonly Cells[], rows: ArrayLike<number>): PackedColumn[] {
  return columns.map((column) => packColumn(Array.from(rows, (row) => column.at(row) ?? '')));
}

/** The buffers to transfer with packed columns. */
export function packedBuffers(packed: readonly PackedColumn[]): ArrayBuffer[] {
  return packed.map((column) => column.offsets.buffer as ArrayBuffer);
}

/**
 * Packed columns back to rows, a value per column.
 * @example unpackRows(packRows(values, [7, 9])) // [[…row 7's values], […row 9's]]
 */
export function unpackRows(packed: readonly PackedColumn[]): string[][] {
  const count = (packed[0]?.offsets.length ?? 1) - 1;
  return Array.from({ length: count }, (_, row) =>
    packed.map(({ text, offsets }) => text.slice(offsets[row], offsets[row + 1])),
  );
}

/** A table query's answer with its shown rows' cells unpacked (see unpackRows). */
export function unpackAnswer(answer: TableAnswer): TableAnswer<string[][]> {
  return { ...answer, shownCells: unpackRows(answer.shownCells) };
}

/**
 * The table as it crosses to the page, with the values of its first `rowsWithValues` rows (the
 * page asks for the others as they are shown), and the buffers to transfer with it.
 */
export function tableForPage(
  table: RecordTable,
  rowsWithValues = TABLE_HEAD_ROWS,
): [TransferredTable, Transferable[]] {
  const transferred: TransferredTable = {
    rootName: table.rootName,
    recordName: table.recordName,
    records: table.records.slice(),
    columns: table.columns,
    otherChildren: table.otherChildren,
    packed: table.values.map((values) => packColumn(values.slice(0, rowsWithValues))),
  };
  return [
    transferred,
    [transferred.records.buffer as ArrayBuffer, ...packedBuffers(transferred.packed)],
  ];
}
