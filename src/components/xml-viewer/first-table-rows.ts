import { firstRecordsForPage } from '../../workers/viewer/first-records.ts';
import { wantsTableHead } from '../../workers/viewer/table-transfer.ts';
import type { TransferredTable } from '../../workers/viewer/viewer-worker-protocol.ts';

/** Where the page looks for the first records: 200 records of a few hundred bytes fit easily. */
export const PREFIX_CHARS = 512 * 1024;

/**
 * The Table's first records, read on the page from a bounded prefix of the payload (the same
 * code as the worker's preview, so the same cells), for a Table chosen before the worker has
 * sent its own: from the payload's `start` (at least its first PREFIX_CHARS characters, or all
 * of it) and its whole `length`, so that a held payload is read only that far. Null when the
 * payload is small (the whole table comes soon) or its first records do not end within the
 * prefix.
 *
 * @example firstTableRows(xml, xml.length, 50 * 1024 * 1024)?.packed.length // the column count
 */
export function firstTableRows(
  start: string,
  length: number,
  maxIndexBytes: number,
): TransferredTable | null {
  if (!wantsTableHead(length, maxIndexBytes)) return null;
  return firstRecordsOf(start.slice(0, PREFIX_CHARS), false);
}

/**
 * The first records found in the start of a payload (the head of an answer still arriving): the
 * whole records before the cut or before anything malformed, or null when there are none.
 *
 * @example tableRowsOfPrefix('<AssetStubs><Stub id="1"/><Stub id="2"/><Stub id=')?.rowCount // 2
 */
export function tableRowsOfPrefix(prefix: string): TransferredTable | null {
  return firstRecordsOf(prefix, true);
}

/** The worker's first-records code over `prefix`, in the shape the Table view takes. */
function firstRecordsOf(prefix: string, cutShort: boolean): TransferredTable | null {
  return firstRecordsForPage(prefix, cutShort)?.[0] ?? null;
}
