/**
 * A text read by range: a string, or a PieceText. Readers that only slice it (the protocol's
 * decode of a large answer) take either, so a text kept in pieces is never joined for them.
 */
export interface TextSource {
  readonly length: number;
  slice(from: number, to?: number): string;
}

/**
 * A long text kept as the pieces it was written in (the pretty-printer's blocks), read by range
 * and searched piece by piece: joining them would copy the whole text once more, into memory
 * the engine has to find for it, for readers that only ever want a window of lines or the
 * places of a search.
 *
 * @example new PieceText(['<a>', 'x</a>']).slice(2, 5) // '>x<'
 */
export class PieceText implements TextSource {
  readonly length: number;
  readonly pieces: readonly string[];
  /** Where each piece starts in the text; one entry per piece. */
  private readonly starts: number[];

  constructor(pieces: readonly string[]) {
    this.pieces = pieces.filter((piece) => piece.length > 0);
    this.starts = [];
    let at = 0;
    for (const piece of this.pieces) {
      this.starts.push(at);
      at += piece.length;
    }
    this.length = at;
  }

  /** Where piece `index` starts in the text. */
  pieceStart(index: number): number {
    return this.starts[index] ?? this.length;
  }

  /** The text in [from, to), clamped to it, as `String.prototype.slice` with offsets ≥ 0. */
  slice(from: number, to: number = this.length): string {
    const start = Math.max(0, Math.min(from, this.length));
    const end = Math.max(start, Math.min(to, this.length));
    if (start === end) return '';
    let index = this.pieceAt(start);
    const first = this.pieces[index] ?? '';
    const firstStart = this.pieceStart(index);
    if (end <= firstStart + first.length) return first.slice(start - firstStart, end - firstStart);
    const parts = [first.slice(start - firstStart)];
    for (index += 1; index < this.pieces.length; index++) {
      const piece = this.pieces[index] ?? '';
      const pieceStart = this.pieceStart(index);
      if (end <= pieceStart + piece.length) {
        parts.push(piece.slice(0, end - pieceStart));
        break;
      }
      parts.push(piece);
    }
    return parts.join('');
  }

  toString(): string {
    return this.pieces.join('');
  }

  /** The index of the piece holding offset `at` (0 ≤ at < length). */
  private pieceAt(at: number): number {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * The text in [from, to) as windows a search can run over without joining it: a string as one
 * window (a substring shares its memory), a PieceText piece by piece, plus a window of `reach`
 * characters either side of each seam, so that a match of at most `reach + 1` characters that
 * crosses a seam lies whole in one window. A match may be seen twice (in a piece and a seam's
 * window): for searches that collect what they find.
 * @example [...textWindows(new PieceText(['ab', 'cd']), 0, 4, 1)] // ['ab', 'cd', 'bc']
 */
export function* textWindows(
  text: TextSource,
  from: number,
  to: number,
  reach: number,
): Generator<string> {
  if (!(text instanceof PieceText)) {
    yield text.slice(from, to);
    return;
  }
  for (let index = 0; index < text.pieces.length; index++) {
    const start = text.pieceStart(index);
    const piece = text.pieces[index] ?? '';
    const end = start + piece.length;
    if (end <= from) continue;
    if (start >= to) break;
    yield piece.slice(Math.max(0, from - start), Math.min(piece.length, to - start));
    if (start > from) yield text.slice(Math.max(from, start - reach), Math.min(to, start + reach));
  }
}
