/**
 * The pretty text being written, line by line: indentation, source ranges copied as they are (or
 * with \r\n and \r normalized to \n, as XML reads them), start tags brought onto one line, the
 * line count, where each line starts, the fold pairs (open line → close line) and the first
 * screenful handed out early.
 *
 * Ranges are given with the string that holds them (the whole payload, or the reader's buffer
 * of the moment when it is fed in chunks), so nothing here needs the whole payload.
 */
import { PieceText } from '../text/piece-text.ts';
import { CharBuffer } from './char-buffer.ts';
import { GrowableIntArray } from './growable-int-array.ts';
import { NextChar } from './next-char.ts';

type TextSink = Pick<
  CharBuffer,
  'appendRange' | 'appendChar' | 'appendSpaces' | 'toString' | 'takePieces' | 'length'
>;

/** Counts lines without keeping any text. */
const NULL_SINK: TextSink = {
  length: 0,
  appendRange() {},
  appendChar() {},
  appendSpaces() {},
  toString: () => '',
  takePieces: () => [],
};

const LF = 10;
const SPACE = 32;
const LT = 60;
const EQUALS = 61;
const GT = 62;
const SLASH = 47;

/** A start tag as read: its span, its name and its attributes, as offsets into `source`. */
export class StartTag {
  source = '';
  from = 0;
  to = 0;
  nameStart = 0;
  nameEnd = 0;
  /** [nameStart, nameEnd, valueStart, valueEnd] per attribute. */
  readonly attrs: number[] = [];
}

export interface PrettyLinesOptions {
  /** False to only count lines. */
  emitText: boolean;
  /** Spaces per depth. */
  indent: number;
  /** Called once with the first complete lines, as soon as at least `headChars` exist. */
  onHead: ((head: string) => void) | undefined;
  headChars: number;
}

/**
 * The line starts of the empty text: no line, only the entry past the end (its length + 1), in
 * the format of {@link PrettyLines.takeLineStarts}.
 */
export function emptyTextLineStarts(): Uint32Array {
  return Uint32Array.of(1);
}

export class PrettyLines {
  /** Lines finished so far, i.e. the number of the line being written. */
  line = 0;
  private readonly out: TextSink;
  /**
   * The offset in the text of each line break's next character, after a 0 for the first line:
   * recorded as the breaks are written, so no second pass over the text looks for them. Null
   * when only counting lines, and once handed over. Int32 holds any offset: V8's strings stop
   * short of 2^29 characters.
   */
  private starts: GrowableIntArray | null;
  private readonly foldOpen = new GrowableIntArray();
  private readonly foldClose = new GrowableIntArray();
  private readonly indent: number;
  private readonly onHead: ((head: string) => void) | undefined;
  private readonly headChars: number;
  private headSent: boolean;
  private readonly nextLf = new NextChar('\n');
  private readonly nextCr = new NextChar('\r');

  constructor(options: PrettyLinesOptions) {
    this.out = options.emitText ? new CharBuffer() : NULL_SINK;
    this.starts = options.emitText ? new GrowableIntArray() : null;
    this.starts?.push(0);
    this.indent = options.indent;
    this.onHead = options.onHead;
    this.headChars = options.headChars;
    this.headSent = !options.onHead || !(this.out instanceof CharBuffer);
  }

  /** Indents a new line to `depth`; returns its number. */
  startLine(depth: number): number {
    this.out.appendSpaces(depth * this.indent);
    return this.line;
  }

  /** Ends the line; hands out the text so far once it reaches the head's size. */
  finishLine(): void {
    const out = this.out;
    out.appendChar(LF);
    this.line += 1;
    this.starts?.push(out.length);
    if (!this.headSent && out instanceof CharBuffer && out.length >= this.headChars) {
      this.headSent = true;
      this.onHead?.(out.toString());
    }
  }

  hasLineBreak(source: string, from: number, to: number): boolean {
    return this.nextLf.in(source, from, to) || this.nextCr.in(source, from, to);
  }

  /** Copies source[from, to), which is known to hold no line break. */
  appendRange(source: string, from: number, to: number): void {
    this.out.appendRange(source, from, to);
  }

  /** Copies source[from, to) without its leading and trailing whitespace. */
  appendTrimmed(source: string, from: number, to: number): void {
    this.out.appendRange(source, trimmedFrom(source, from, to), trimmedTo(source, from, to));
  }

  /** Copies source[from, to), which may hold line breaks, counting the lines it adds. */
  appendContent(source: string, from: number, to: number): void {
    if (this.hasLineBreak(source, from, to)) this.appendMultiLine(source, from, to);
    else this.out.appendRange(source, from, to);
  }

  /** Writes a start tag; one written over several lines goes on one (see `writeJoinedTag`). */
  writeStartTag(tag: StartTag, selfClosing: boolean): void {
    if (this.hasLineBreak(tag.source, tag.from, tag.to)) this.writeJoinedTag(tag, selfClosing);
    else this.out.appendRange(tag.source, tag.from, tag.to);
  }

  /** Writes `</name>` with the name source[nameStart, nameEnd). */
  writeEndTag(source: string, nameStart: number, nameEnd: number): void {
    const out = this.out;
    out.appendChar(LT);
    out.appendChar(SLASH);
    out.appendRange(source, nameStart, nameEnd);
    out.appendChar(GT);
  }

  /** The element opened on `openLine` closes on `closeLine`. */
  addFold(openLine: number, closeLine: number): void {
    this.foldOpen.push(openLine);
    this.foldClose.push(closeLine);
  }

  /** For each line, the line that closes the element opened on it, or -1. */
  foldEnd(): Int32Array {
    const foldEnd = new Int32Array(this.line).fill(-1);
    const { foldOpen, foldClose } = this;
    for (let i = 0; i < foldOpen.length; i++) foldEnd[foldOpen.get(i)] = foldClose.get(i);
    return foldEnd;
  }

  /** The whole text, once, at the end: as the pieces it was written in (see PieceText). */
  text(): PieceText {
    return new PieceText(this.out.takePieces());
  }

  /**
   * Where each line of the text starts, plus one entry past the end: the text's length when it
   * ends with a line break, else its length + 1 (as if it ended with one), so line `n` is
   * `text.slice(starts[n], starts[n + 1] - 1)` (see workers/viewer/pretty-line-starts.ts). Null
   * when only counting lines. Hands the offsets over once, at the end (a second call gets null):
   * what was recorded is dropped, so only the returned copy, right-sized, stays.
   */
  takeLineStarts(): Uint32Array | null {
    const starts = this.starts;
    if (!starts) return null;
    this.starts = null;
    const length = this.out.length;
    if (length === 0) return emptyTextLineStarts();
    // The line being written when the text ended holds something: it is the last line.
    if (starts.get(starts.length - 1) !== length) starts.push(length + 1);
    const recorded = starts.toArray();
    return new Uint32Array(recorded.buffer, recorded.byteOffset, recorded.length);
  }

  /** Copies a source range that may hold line breaks, normalizing \r\n and \r to \n as XML does. */
  private appendMultiLine(xml: string, from: number, to: number): void {
    const out = this.out;
    for (let i = from; i < to; i++) {
      const c = xml.charCodeAt(i);
      if (c === 13) {
        out.appendChar(LF);
        this.line += 1;
        this.starts?.push(out.length);
        if (xml.charCodeAt(i + 1) === LF && i + 1 < to) i += 1;
      } else {
        out.appendChar(c);
        if (c === LF) {
          this.line += 1;
          this.starts?.push(out.length);
        }
      }
    }
  }

  /**
   * A tag written over several lines, on one: each line break in a value becomes one space,
   * which attribute-value normalization makes equivalent.
   */
  private writeJoinedTag(tag: StartTag, selfClosing: boolean): void {
    const xml = tag.source;
    const out = this.out;
    const attrs = tag.attrs;
    out.appendChar(LT);
    out.appendRange(xml, tag.nameStart, tag.nameEnd);
    for (let i = 0; i < attrs.length; i += 4) {
      const valueStart = attrs[i + 2] ?? 0;
      const valueEnd = attrs[i + 3] ?? 0;
      const quote = xml.charCodeAt(valueStart - 1);
      out.appendChar(SPACE);
      out.appendRange(xml, attrs[i] ?? 0, attrs[i + 1] ?? 0);
      out.appendChar(EQUALS);
      out.appendChar(quote);
      for (let v = valueStart; v < valueEnd; v++) {
        const c = xml.charCodeAt(v);
        // CR LF is one line break (§2.11), so one space (§3.3.3).
        if (c === 13 && xml.charCodeAt(v + 1) === 10) continue;
        out.appendChar(c === 10 || c === 13 || c === 9 ? SPACE : c);
      }
      out.appendChar(quote);
    }
    if (selfClosing) out.appendChar(SLASH);
    out.appendChar(GT);
  }
}

/** The first non-whitespace offset in xml[from, to), or `to`. */
export function trimmedFrom(xml: string, from: number, to: number): number {
  let i = from;
  while (i < to && isSpace(xml.charCodeAt(i))) i++;
  return i;
}

/** The end of xml[from, to) without its trailing whitespace. */
export function trimmedTo(xml: string, from: number, to: number): number {
  let i = to;
  while (i > from && isSpace(xml.charCodeAt(i - 1))) i--;
  return i;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
