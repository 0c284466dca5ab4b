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

/** The records of `head` once read (null: none), undefined while they are read or not wanted. */
export function useHeadRecords(
  head: string | null,
  wanted: boolean,
): TransferredTable | null | undefined {
  const inWorker = typeof Worker === 'function';
  const [read, setRead] = useState<{ head: string; rows: TransferredTable | null } | null>(null);
  const onPage = useMemo(
    () => (!inWorker && wanted && head !== null ? tableRowsOfPrefix(head) : undefined),
    [inWorker, wanted, head],
  );
  useEffect(() => {
    if (!inWorker || !wanted || head === null) return;
    let cancelled = false;
    headRecordsInWorker(head).then(
      (rows) => !cancelled && setRead({ head, rows }),
      () => !cancelled && setRead({ head, rows: tableRowsOfPrefix(head) }),
    );
    return () => {
      cancelled = true;
    };
  }, [inWorker, wanted, head]);
  if (!inWorker) return onPage;
  return wanted && read !== null && read.head === head ? read.rows : undefined;
}
