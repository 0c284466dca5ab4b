/**
 * Folded elements of the pretty text, and the mapping between document lines and the rows left
 * on screen. A folded element's first line stays as a row (its closing tag shown on it); the lines
 * after it, up to and including its closing tag's, are hidden. A fold inside another folded one
 * is remembered and comes back when the outer one is unfolded. Immutable: each change is a new
 * value, so a view re-renders when it changes.
 */

/** One hidden stretch: `start`'s row stands for lines start..end. */
interface FoldedRange {
  start: number;
  end: number;
  /** The row `start` is shown on. */
  row: number;
  /** Lines hidden before this range. */
  hiddenBefore: number;
}

export class LineFolds {
  /** Rows on screen: the document's lines minus the hidden ones. */
  readonly rowCount: number;
  private readonly ranges: FoldedRange[];

  /**
   * @param foldEnd per line, the line of its element's closing tag, or -1 (the worker's index)
   * @example new LineFolds(lines, foldEnd).toggle(1).lineOfRow(2)
   */
  constructor(
    readonly lineCount: number,
    private readonly foldEnd: Int32Array,
    private readonly folded: ReadonlySet<number> = new Set(),
  ) {
    this.ranges = [];
    let hidden = 0;
    let coveredTo = -1;
    for (const start of [...folded].sort((a, b) => a - b)) {
      if (start <= coveredTo) continue;
      const end = this.endOf(start);
      this.ranges.push({ start, end, row: start - hidden, hiddenBefore: hidden });
      hidden += end - start;
      coveredTo = end;
    }
    this.rowCount = lineCount - hidden;
  }

  /** Whether `line` opens an element that spans more lines. */
  canFold(line: number): boolean {
    return this.endOf(line) > line;
  }

  isFolded(line: number): boolean {
    return this.folded.has(line);
  }

  /** The line of the closing tag of the element `line` opens (itself when it spans one line). */
  endOf(line: number): number {
    const end = this.foldEnd[line] ?? -1;
    return end > line && end < this.lineCount ? end : line;
  }

  /** Folds or unfolds the element `line` opens; unchanged when it cannot fold. */
  toggle(line: number): LineFolds {
    if (!this.canFold(line) && !this.folded.has(line)) return this;
    const next = new Set(this.folded);
    if (!next.delete(line)) next.add(line);
    return new LineFolds(this.lineCount, this.foldEnd, next);
  }

  /**
   * Every element spanning lines folded, outermost first, except the one that spans the whole
   * document (the root stays open, so its children each get a row).
   */
  foldAll(): LineFolds {
    const next = new Set<number>();
    const rootSpansAll = this.endOf(0) === this.lineCount - 1 && this.lineCount > 1;
    for (let line = rootSpansAll ? 1 : 0; line < this.lineCount; line++) {
      const end = this.endOf(line);
      if (end > line) {
        next.add(line);
        line = end;
      }
    }
    return new LineFolds(this.lineCount, this.foldEnd, next);
  }

  unfoldAll(): LineFolds {
    return this.folded.size === 0 ? this : new LineFolds(this.lineCount, this.foldEnd);
  }

  /** Every fold that hides `line` undone, so that it is on screen. */
  reveal(line: number): LineFolds {
    const next = new Set(this.folded);
    for (const start of this.folded)
      if (start < line && this.endOf(start) >= line) next.delete(start);
    return next.size === this.folded.size
      ? this
      : new LineFolds(this.lineCount, this.foldEnd, next);
  }

  /** The document line shown on `row`. */
  lineOfRow(row: number): number {
    const range = this.lastRangeWhere((r) => r.row < row);
    return range ? row + range.hiddenBefore + (range.end - range.start) : row;
  }

  /** The row `line` is on, or the row of the folded element that hides it. */
  rowOfLine(line: number): number {
    const range = this.lastRangeWhere((r) => r.start < line);
    if (!range) return line;
    if (line <= range.end) return range.row;
    return line - range.hiddenBefore - (range.end - range.start);
  }

  /** The folded range shown on `row`'s line, if that line is a folded element's first. */
  foldedEndAt(line: number): number | null {
    const range = this.lastRangeWhere((r) => r.start <= line);
    return range && range.start === line ? range.end : null;
  }

  /** The last range (in document order) for which `before` holds; ranges are sorted. */
  private lastRangeWhere(before: (range: FoldedRange) => boolean): FoldedRange | undefined {
    let low = 0;
    let high = this.ranges.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (before(this.ranges[mid] as FoldedRange)) low = mid + 1;
      else high = mid;
    }
    return this.ranges[low - 1];
  }
}
