/**
 * The file reader's calls, served by its worker (file-rows.worker.ts) or run in this thread where
 * Worker is missing (jsdom): one file at a time; opening another stops the one before.
 */
import type { FileRowsApi } from './file-rows-protocol.ts';
import type { RowChecker } from '../../../bulk-job/row-stream.ts';
import { FileRowsReader } from './read-file-rows.ts';

/** @example serveCalls(fileRowsApi(createRowChecker)); */
export function fileRowsApi(newChecker: () => RowChecker): FileRowsApi {
  let reader: FileRowsReader | null = null;
  return {
    async open(file, skipThrough) {
      await reader?.cancel();
      reader = new FileRowsReader(file.stream(), newChecker(), skipThrough);
      return reader.head();
    },
    next(max) {
      if (!reader) return Promise.reject(new Error('No file is open: choose the file again.'));
      return reader.next(max);
    },
  };
}
