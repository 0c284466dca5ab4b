/**
 * Which rows of a streamed job are settled, kept as a number and a small set: every row up to
 * `doneThrough`, plus the settled rows above it (rows settle out of order, at most about the
 * calls in flight apart). Resume skips exactly these, so no row is sent twice and none is
 * skipped, in constant memory whatever the row count.
 */
export interface SettledRowsState {
  doneThrough: number;
  doneAbove: number[];
}

/** @example const settled = new SettledRows(); settled.add(2); settled.add(1); settled.doneThrough // 2 */
export class SettledRows {
  private through: number;
  private readonly above: Set<number>;

  constructor(state: SettledRowsState = { doneThrough: 0, doneAbove: [] }) {
    this.through = state.doneThrough;
    this.above = new Set(state.doneAbove.filter((row) => row > state.doneThrough));
    this.advance();
  }

  get doneThrough(): number {
    return this.through;
  }

  add(rowNumber: number): void {
    if (rowNumber <= this.through) return;
    this.above.add(rowNumber);
    this.advance();
  }

  has(rowNumber: number): boolean {
    return rowNumber <= this.through || this.above.has(rowNumber);
  }

  state(): SettledRowsState {
    return { doneThrough: this.through, doneAbove: [...this.above].sort((a, b) => a - b) };
  }

  private advance(): void {
    while (this.above.delete(this.through + 1)) this.through += 1;
  }
}
