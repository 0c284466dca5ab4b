/**
 * Decoded CSV text, as it arrives in pieces, cut into blocks that each end at a line break
 * outside quotes: papaparse then reads every block on its own, with no row split between two
 * blocks, and a file of any size is read holding one block at a time. A quote's state is its
 * parity (RFC 4180 doubles a quote inside a quoted value, which keeps the parity), so the cut
 * needs no parsing of its own.
 */

/** A quote left open longer than this is taken as never closed (a value this long is not a row). */
export const MAX_OPEN_QUOTE_CHARS = 1024 * 1024;

export interface CsvBlock {
  text: string;
  /** The 1-based line of the file where the block starts (blank lines counted). */
  firstLine: number;
}

export class UnclosedQuoteError extends Error {
  override name = 'UnclosedQuoteError';
  constructor(readonly line: number) {
    super(
      `Line ${line.toLocaleString('en')} opens a quote (") that is never closed, so the lines after it cannot be read as rows. Close the quote or remove it.`,
    );
  }
}

/** @example const blocks = new CsvBlocks(); blocks.push('a,b\n"c'); blocks.push('"\n'); blocks.end(); */
export class CsvBlocks {
  private pending = '';
  /** How much of `pending` is scanned already, and whether that ends inside quotes. */
  private scanned = 0;
  private inQuotes = false;
  /** Where in `pending` the open quote is, while inside quotes. */
  private openedAt = -1;
  private line = 1;

  /** Adds text; returns the complete lines it finishes, or null when none. */
  push(text: string): CsvBlock | null {
    this.pending += text;
    let cut = 0;
    let at = this.scanned;
    const pending = this.pending;
    while (at < pending.length) {
      if (this.inQuotes) {
        const close = pending.indexOf('"', at);
        if (close < 0) break;
        this.inQuotes = false;
        at = close + 1;
        continue;
      }
      const quote = pending.indexOf('"', at);
      const newline = pending.indexOf('\n', at);
      if (newline >= 0 && (quote < 0 || newline < quote)) {
        cut = newline + 1;
        at = newline + 1;
      } else if (quote >= 0) {
        this.inQuotes = true;
        this.openedAt = quote;
        at = quote + 1;
      } else break;
    }
    this.scanned = pending.length;
    if (this.inQuotes && pending.length - this.openedAt > MAX_OPEN_QUOTE_CHARS) {
      throw new UnclosedQuoteError(this.line + countLines(pending, 0, this.openedAt));
    }
    if (cut === 0) return null;
    return this.take(cut);
  }

  /** The last lines (a last line without a line break included); throws on a quote left open. */
  end(): CsvBlock | null {
    if (this.inQuotes) {
      throw new UnclosedQuoteError(this.line + countLines(this.pending, 0, this.openedAt));
    }
    return this.pending === '' ? null : this.take(this.pending.length);
  }

  private take(cut: number): CsvBlock {
    const block = { text: this.pending.slice(0, cut), firstLine: this.line };
    this.line += countLines(this.pending, 0, cut);
    this.pending = this.pending.slice(cut);
    this.scanned = this.pending.length;
    if (this.inQuotes) this.openedAt -= cut;
    return block;
  }
}

function countLines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) {
    count++;
  }
  return count;
}
