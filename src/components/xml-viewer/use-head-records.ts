/**
 * The Table's first records while an answer still arrives, read from its head by the viewer's
 * worker: parsed on the page, a 128 K head's records were a task of 70–120 ms in the profiles of
 * a 10 MB load, while the page was also receiving and rendering. Where workers do not run (or
 * the worker fails), the page reads them itself, with the same code.
 */
import { useEffect, useMemo, useState } from 'react';
import { headRecordsInWorker } from '../../workers/viewer/viewer-worker-client.ts';
import type { TransferredTable } from '../../workers/viewer/viewer-worker-protocol.ts';
import { tableRowsOfPrefix } from './first-table-rows.ts';

interface HeadRead {
  readonly head: string;
  readonly rows: TransferredTable | null;
}

/**
 * The last head read and its records: the viewer that replaces the receiving view once the
 * answer is in shows the same records at once (recordsReadFrom), instead of reading them again
 * on the page while it mounts.
 */
let lastRead: HeadRead | null = null;

/**
 * The records already read from this head by useHeadRecords (null: none), or undefined when it
 * was not the last head read.
 *
 * @example recordsReadFrom(receivedHead) ?? firstTableRows(start, length, maxIndexBytes)
 */
export function recordsReadFrom(head: string | null): TransferredTable | null | undefined {
  return head !== null && lastRead?.head === head ? lastRead.rows : undefined;
}

/** The records of `head` once read (null: none), undefined while they are read or not wanted. */
export function useHeadRecords(
  head: string | null,
  wanted: boolean,
): TransferredTable | null | undefined {
  const inWorker = typeof Worker === 'function';
  const [read, setRead] = useState<HeadRead | null>(null);
  const onPage = useMemo(
    () => (!inWorker && wanted && head !== null ? tableRowsOfPrefix(head) : undefined),
    [inWorker, wanted, head],
  );
  useEffect(() => {
    if (onPage !== undefined && head !== null) lastRead = { head, rows: onPage };
  }, [onPage, head]);
  useEffect(() => {
    if (!inWorker || !wanted || head === null) return;
    let cancelled = false;
    const keep = (rows: TransferredTable | null) => {
      lastRead = { head, rows };
      if (!cancelled) setRead(lastRead);
    };
    headRecordsInWorker(head).then(keep, () => keep(tableRowsOfPrefix(head)));
    return () => {
      cancelled = true;
    };
  }, [inWorker, wanted, head]);
  if (!inWorker) return onPage;
  return wanted && read !== null && read.head === head ? read.rows : undefined;
}
