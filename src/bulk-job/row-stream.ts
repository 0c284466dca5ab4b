/**
 * The row checks for an input that arrives as a stream (the CLI's file, the page's File in a
 * worker): cells go in line by line, checked rows come out with their 1-based row numbers. The
 * first line and the CONTENT_SAMPLE lines after it are held until the columns are known (as
 * `bulkRowChecks` decides them for a whole input); after that nothing is held, there is no row
 * cap, and repeats are found in a fixed-size table (`hashedPairMemory`).
 */
import {
  CONTENT_SAMPLE,
  readColumns,
  rowCheck,
  type BulkColumns,
  type BulkRow,
} from './bulk-rows.ts';
import { hashedPairMemory, type PairMemory } from './pair-memory.ts';

export interface RowChecker {
  /** Checks these lines' cells; returns the rows ready so far (none while the head is held). */
  push(lines: readonly (readonly string[])[]): BulkRow[];
  /** The input has ended: returns the rows still held. */
  end(): BulkRow[];
  /** Known once the head has been read (after CONTENT_SAMPLE + 1 lines, or at the end). */
  readonly columns: BulkColumns | null;
  readonly hasHeader: boolean;
  /** Problems with the input as a whole; when there are any, no row comes out. */
  readonly fileErrors: readonly string[];
  /** Data rows seen so far (checked or not). */
  readonly rowCount: number;
  /** True once repeats can no longer be found for new pairs (see pair-memory.ts). */
  readonly repeatMemoryFull: boolean;
}

export interface RowCheckerOptions {
  /** Default: a hashedPairMemory of DEFAULT_PAIR_SLOTS. */
  pairs?: PairMemory;
}

/**
 * @example
 * const checker = createRowChecker();
 * for await (const lines of batches) for (const row of checker.push(lines)) send(row);
 * for (const row of checker.end()) send(row);
 */
export function createRowChecker(options: RowCheckerOptions = {}): RowChecker {
  const pairs = options.pairs ?? hashedPairMemory();
  let head: (readonly string[])[] | null = [];
  let check: ((cells: readonly string[], rowNumber: number) => BulkRow) | null = null;
  let rowCount = 0;
  const state = {
    columns: null as BulkColumns | null,
    hasHeader: false,
    fileErrors: [] as string[],
  };

  /** Decides the columns from the held head; returns the held lines that are data. */
  const settleHead = (): (readonly string[])[] => {
    const held = head ?? [];
    head = null;
    const read = readColumns(held);
    if (read === null) return [];
    state.hasHeader = read.hasHeader;
    state.fileErrors = read.fileErrors;
    state.columns = read.columns;
    if (read.columns === null) return [];
    check = rowCheck(read.columns, pairs);
    return read.hasHeader ? held.slice(1) : held;
  };

  const checkAll = (lines: readonly (readonly string[])[], out: BulkRow[]) => {
    if (check === null) return;
    for (const cells of lines) {
      rowCount += 1;
      out.push(check(cells, rowCount));
    }
  };

  return {
    push(lines) {
      const out: BulkRow[] = [];
      if (head === null) {
        checkAll(lines, out);
        return out;
      }
      let at = 0;
      while (head !== null && at < lines.length) {
        const line = lines[at++];
        if (line !== undefined) head.push(line);
        if (head.length > CONTENT_SAMPLE) checkAll(settleHead(), out);
      }
      checkAll(lines.slice(at), out);
      return out;
    },
    end() {
      const out: BulkRow[] = [];
      if (head !== null) checkAll(settleHead(), out);
      return out;
    },
    get columns() {
      return state.columns;
    },
    get hasHeader() {
      return state.hasHeader;
    },
    get fileErrors() {
      return state.fileErrors;
    },
    get rowCount() {
      return rowCount;
    },
    get repeatMemoryFull() {
      return pairs.full;
    },
  };
}
