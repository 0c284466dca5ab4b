/** What crosses between the page and the worker that reads a chosen file's rows. */
import type { BulkRow } from '../../../bulk-job/bulk-rows.ts';

export interface RowProblem {
  /** 1-based line of the file. */
  line: number;
  message: string;
}

export interface FileRowsHead {
  hasHeader: boolean;
  /** Which column was taken as what, in words (columnsInWords), once known. */
  columnsWords: string | null;
  /** The delimiter in words. */
  delimiter: string;
  /** Problems with the file as a whole: nothing can run. */
  fileErrors: string[];
}

export interface FileRowsBatch {
  rows: BulkRow[];
  /** Lines that did not read cleanly since the last batch (at most MAX_PROBLEMS in all). */
  problems: RowProblem[];
  problemsNotKept: number;
  bytesRead: number;
  /** Every row has been handed out. */
  done: boolean;
  /** Why reading stopped early (not UTF-8, a quote never closed): the rows before it are good. */
  error: string | null;
}

export interface FileRowsApi {
  /** Starts reading `file`; rows up to `skipThrough` are checked but not handed out (resume). */
  open(file: File, skipThrough: number): Promise<FileRowsHead>;
  next(max: number): Promise<FileRowsBatch>;
}
