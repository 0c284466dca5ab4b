/**
 * An append-only text buffer: the pretty-printer copies source ranges into it instead of
 * building millions of small strings, which keeps the garbage collector out of a 10 MB pass.
 *
 * The text is written into a block of fixed size and decoded into a string each time the block
 * is full, so the decoding is spread over the pass (for a payload read as it arrives, over its
 * arrival) and `toString` at the end only joins the pieces. A block holds one byte per code unit
 * while what it holds is ASCII, and turns to two at the first code unit that is not: an ASCII
 * piece decodes to a one-byte string, half the memory of UTF-16, in every copy the page receives
 * and in CodeMirror's lines.
 */
const BLOCK_UNITS = 65_536;

const SPACE = 32;
const LAST_ASCII = 127;

// Kept: a U+FEFF at a block's start is text like any other, not a byte order mark to drop.
const asciiDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
// Uint16Array is little-endian on every platform browsers and Node run on.
const utf16Decoder = new TextDecoder('utf-16le', { ignoreBOM: true });

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

export class CharBuffer {
  /** Code units appended so far. */
  length = 0;
  /** The text before the block, decoded a block at a time. */
  private readonly pieces: string[] = [];
  private readonly narrow: Uint8Array;
  private wide: Uint16Array | null = null;
  /** True once the block holds a code unit over ASCII: it is then written in `wide`. */
  private isWide = false;
  /** Code units in the block. */
  private used = 0;

  /** @param blockUnits the block's size in code units (small ones in tests, to cross blocks). */
  constructor(private readonly blockUnits = BLOCK_UNITS) {
    if (blockUnits < 2) throw new RangeError('A block holds at least a surrogate pair.');
    this.narrow = new Uint8Array(blockUnits);
  }

  /** Appends source[from, to). */
  appendRange(source: string, from: number, to: number): void {
    this.length += to - from;
    let at = from;
    while (at < to) {
      if (this.used === this.blockUnits) this.flush();
      const end = Math.min(to, at + this.blockUnits - this.used);
      at = this.isWide ? this.copyWide(source, at, end) : this.copyNarrow(source, at, end);
    }
  }

  append(text: string): void {
    this.appendRange(text, 0, text.length);
  }

  appendChar(code: number): void {
    if (this.used === this.blockUnits) this.flush();
    if (code > LAST_ASCII && !this.isWide) this.widen();
    if (this.isWide) (this.wide as Uint16Array)[this.used++] = code;
    else this.narrow[this.used++] = code;
    this.length += 1;
  }

  /** Appends `count` spaces. */
  appendSpaces(count: number): void {
    this.length += count;
    let left = count;
    while (left > 0) {
      if (this.used === this.blockUnits) this.flush();
      const step = Math.min(left, this.blockUnits - this.used);
      const block = this.isWide ? (this.wide as Uint16Array) : this.narrow;
      block.fill(SPACE, this.used, this.used + step);
      this.used += step;
      left -= step;
    }
  }

  toString(): string {
    const tail = this.decodedBlock();
    if (this.pieces.length === 0) return tail;
    // Joined as one flat string: `+` would make a rope that the first search flattens.
    this.pieces.push(tail);
    const text = this.pieces.join('');
    this.pieces.pop();
    return text;
  }

  /**
   * The whole text as the pieces it was decoded in, not joined: the end of the buffer, which
   * lets them go (its `length` stays the text's).
   */
  takePieces(): string[] {
    const pieces = [...this.pieces, this.decodedBlock()];
    this.pieces.length = 0;
    this.used = 0;
    return pieces;
  }

  /** The block's text; a high surrogate at its end, with no low half after it, as U+FFFD. */
  private decodedBlock(): string {
    return this.isWide
      ? utf16Decoder.decode((this.wide as Uint16Array).subarray(0, this.used))
      : asciiDecoder.decode(this.narrow.subarray(0, this.used));
  }

  /**
   * Copies source[from, to) into the narrow block while it is ASCII; returns where it stopped:
   * at `to`, or at the first code unit over ASCII, the block widened.
   */
  private copyNarrow(source: string, from: number, to: number): number {
    const narrow = this.narrow;
    let used = this.used;
    for (let i = from; i < to; i++) {
      const code = source.charCodeAt(i);
      if (code > LAST_ASCII) {
        this.used = used;
        this.widen();
        return i;
      }
      narrow[used++] = code;
    }
    this.used = used;
    return to;
  }

  private copyWide(source: string, from: number, to: number): number {
    const wide = this.wide as Uint16Array;
    let used = this.used;
    for (let i = from; i < to; i++) wide[used++] = source.charCodeAt(i);
    this.used = used;
    return to;
  }

  /** The block's code units so far, copied to two bytes each, where the rest is written. */
  private widen(): void {
    this.wide ??= new Uint16Array(this.blockUnits);
    this.wide.set(this.narrow.subarray(0, this.used));
    this.isWide = true;
  }

  /**
   * Decodes the full block into a piece and empties it. A high surrogate at its end stays, as
   * the block's first unit: decoded alone, it would become U+FFFD, split from its low half.
   */
  private flush(): void {
    if (!this.isWide) {
      this.pieces.push(asciiDecoder.decode(this.narrow.subarray(0, this.used)));
      this.used = 0;
      return;
    }
    const wide = this.wide as Uint16Array;
    const last = wide[this.used - 1] ?? 0;
    const carry = isHighSurrogate(last) ? 1 : 0;
    this.pieces.push(utf16Decoder.decode(wide.subarray(0, this.used - carry)));
    this.used = carry;
    if (carry) wide[0] = last;
    else this.isWide = false;
  }
}
