/**
 * Which rows of a streamed job are done (settled for good: registered, refused, or skipped as
 * invalid), kept small whatever the row count: the contiguous prefix 1..`prefix` plus the few
 * rows done out of order beyond it (at most about the rows in flight, since rows start in
 * order). Resume skips `has(row)` rows; the CLI's journal and the page's job store both keep one.
 */

export interface DoneRowsState {
  /** Rows 1..prefix are all done. */
  prefix: number;
  /** Rows above prefix + 1 that are done, ascending. */
  extra: number[];
}

/**
 * @example
 * const done = new DoneRows(); done.add(1); done.add(3); done.state() // { prefix: 1, extra: [3] }
 */
export class DoneRows {
  private prefixEnd = 0;
  private readonly beyond = new Set<number>();

  constructor(state?: DoneRowsState) {
    if (state) {
      this.prefixEnd = Math.max(0, Math.floor(state.prefix));
      for (const row of state.extra) this.add(row);
    }
  }

  /** Marks a row done; returns false when it already was. */
  add(rowNumber: number): boolean {
    if (this.has(rowNumber)) return false;
    if (rowNumber === this.prefixEnd + 1) {
      this.prefixEnd = rowNumber;
      while (this.beyond.delete(this.prefixEnd + 1)) this.prefixEnd += 1;
    } else {
      this.beyond.add(rowNumber);
    }
    return true;
  }

  has(rowNumber: number): boolean {
    return rowNumber <= this.prefixEnd || this.beyond.has(rowNumber);
  }

  get prefix(): number {
    return this.prefixEnd;
  }

  /** How many rows are done. */
  get size(): number {
    return this.prefixEnd + this.beyond.size;
  }

  state(): DoneRowsState {
    return { prefix: this.prefixEnd, extra: [...this.beyond].sort((a, b) => a - b) };
  }
}

/**
 * The rows of `rows` that are not done yet (resume), pulled lazily.
 * @example for await (const row of notDone(checked(), done)) send(row);
 */
export async function* notDone<T extends { rowNumber: number }>(
  rows: AsyncIterable<T> | Iterable<T>,
  done: Pick<DoneRows, 'has'>,
): AsyncGenerator<T> {
  for await (const row of rows) if (!done.has(row.rowNumber)) yield row;
}
