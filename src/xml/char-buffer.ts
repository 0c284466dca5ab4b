/**
 * An append-only UTF-16 buffer: the pretty-printer copies source ranges into it instead of
 * building millions of small strings, which keeps the garbage collector out of a 10 MB pass.
 */
export class CharBuffer {
  private data: Uint16Array;
  length = 0;
  /** Every code unit OR-ed together: below 128 means the text is ASCII. */
  private bits = 0;

  constructor(initialCapacity: number) {
    this.data = new Uint16Array(Math.max(1024, initialCapacity));
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const grown = new Uint16Array(Math.max(this.data.length * 2, this.length + extra));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  /** Appends source[from, to). */
  appendRange(source: string, from: number, to: number): void {
    this.reserve(to - from);
    const data = this.data;
    let at = this.length;
    let bits = 0;
    for (let i = from; i < to; i++) {
      const code = source.charCodeAt(i);
      bits |= code;
      data[at++] = code;
    }
    this.bits |= bits;
    this.length = at;
  }

  append(text: string): void {
    this.appendRange(text, 0, text.length);
  }

  appendChar(code: number): void {
    this.reserve(1);
    this.bits |= code;
    this.data[this.length++] = code;
  }

  /** Appends `count` spaces. */
  appendSpaces(count: number): void {
    this.reserve(count);
    this.data.fill(32, this.length, this.length + count);
    this.length += count;
  }

  toString(): string {
    if (this.bits < 128) {
      // ASCII: decoded from bytes, the engine makes a one-byte string, half the memory of
      // UTF-16 here, in every copy the page receives and in CodeMirror's lines.
      const bytes = new Uint8Array(this.length);
      bytes.set(this.data.subarray(0, this.length));
      return new TextDecoder().decode(bytes);
    }
    // Uint16Array is little-endian on every platform browsers and Node run on.
    return new TextDecoder('utf-16le').decode(this.data.subarray(0, this.length));
  }
}
