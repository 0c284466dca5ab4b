/**
 * The pretty lines the page holds: those on screen and around them, fetched from the viewer's
 * worker in blocks and forgotten least recently used first, so the page's memory does not grow
 * with the payload. The first lines the page already has (the head, shown while the worker
 * works) stand in until their block arrives.
 */

/** Where lines come from: the viewer's worker client. */
export interface LineSource {
  prettyLines(from: number, to: number): Promise<string[]>;
}

export const BLOCK_LINES = 256;
/** 256 blocks of 256 lines: about 65,000 lines, a few megabytes, whatever the payload. */
export const MAX_BLOCKS = 256;

export class LineCache {
  private readonly blocks = new Map<number, string[]>();
  private readonly pending = new Set<number>();
  private disposed = false;

  /**
   * @param onLoaded called when lines arrive (the view re-renders)
   * @example const cache = new LineCache(client, lineCount, headLines, () => rerender());
   */
  constructor(
    private readonly source: LineSource | null,
    readonly lineCount: number,
    private readonly headLines: readonly string[],
    private readonly onLoaded: () => void,
    private readonly maxBlocks = MAX_BLOCKS,
  ) {}

  /** The line's text, or undefined while it is being fetched. */
  line(line: number): string | undefined {
    const block = this.blocks.get(Math.floor(line / BLOCK_LINES));
    return block?.[line % BLOCK_LINES] ?? this.headLines[line];
  }

  /** Fetches the blocks holding `lines` that are neither held nor on their way. */
  want(lines: Iterable<number>): void {
    if (!this.source || this.disposed) return;
    for (const line of lines) {
      if (line < 0 || line >= this.lineCount) continue;
      const block = Math.floor(line / BLOCK_LINES);
      const held = this.blocks.get(block);
      if (held) {
        // Most recently used last: a Map iterates in insertion order.
        this.blocks.delete(block);
        this.blocks.set(block, held);
        continue;
      }
      if (this.pending.has(block)) continue;
      this.fetch(block);
    }
  }

  /** Stops fetching; lines on their way are dropped. */
  dispose(): void {
    this.disposed = true;
  }

  /** How many blocks are held (tests). */
  get heldBlocks(): number {
    return this.blocks.size;
  }

  private fetch(block: number): void {
    const source = this.source;
    if (!source) return;
    this.pending.add(block);
    const from = block * BLOCK_LINES;
    const to = Math.min(from + BLOCK_LINES, this.lineCount);
    void source.prettyLines(from, to).then(
      (lines) => {
        this.pending.delete(block);
        if (this.disposed) return;
        this.blocks.set(block, lines);
        while (this.blocks.size > this.maxBlocks) {
          const oldest = this.blocks.keys().next().value;
          if (oldest === undefined) break;
          this.blocks.delete(oldest);
        }
        this.onLoaded();
      },
      () => this.pending.delete(block),
    );
  }
}
