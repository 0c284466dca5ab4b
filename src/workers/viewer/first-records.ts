/**
 * The first records of a payload's start in the shape the Table view takes: the worker's preview
 * and the head of an answer still arriving. A module of its own so that what imports the table's
 * transfer shape does not bring the reader along (the first page's budget).
 */
import { recordTableHead } from '../../xml/record-table-head.ts';
import { TABLE_HEAD_ROWS, tableForPage } from './table-transfer.ts';
import type { TransferredTable } from './viewer-worker-protocol.ts';

/**
 * The first records found in the start of a payload, as the Table view takes them, with the
 * buffers to transfer: the whole records before the cut (with `cutShort`: the head of an answer
 * still arriving) or before anything malformed; null when there are none.
 *
 * @example firstRecordsForPage('<AssetStubs><Stub id="1"/><Stub id=', true)?.[0].records.length // 1
 */
export function firstRecordsForPage(
  prefix: string,
  cutShort: boolean,
): [TransferredTable, Transferable[]] | null {
  const head = recordTableHead(prefix, TABLE_HEAD_ROWS, cutShort);
  return head && tableForPage(head);
}
