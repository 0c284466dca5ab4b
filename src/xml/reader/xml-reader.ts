/**
 * The one XML reader: XML 1.0 (fifth edition) well-formedness and Namespaces in XML 1.0 for
 * documents without a DTD, in one linear pass, fed whole or in chunks. It reports offsets to a
 * handler (no token objects, no strings for names or values) so that 10–250 MB answers stay
 * workable; what a range means is decoded on demand by `xml-values.ts`.
 *
 * Every reader of the console (the protocol decoder, the viewer's index and pretty text, XPath,
 * compare, the summary) is a handler over this one, so one input gets one verdict everywhere.
 * The W3C XML Conformance Test Suite decides what it accepts (`xml-conformance.node.test.ts`).
 *
 * Refused, with line, column and what was expected: anything not well-formed, a DOCTYPE (SOAP
 * forbids DTDs; no entity can be declared, so only the five predefined ones exist), undeclared
 * prefixes and attributes duplicated after namespace expansion.
 */
import { isXmlChar } from './xml-chars.ts';
import {
  ASCII_NAME,
  NAME_CHAR,
  NAME_START,
  isNameCodePoint,
  isNameStartCodePoint,
} from './xml-names.ts';
import { NamespaceScope, XML_NAMESPACE, XMLNS_NAMESPACE } from './namespace-scope.ts';
import { lineAndColumn, XmlSyntaxError, type XmlProblemKind } from './xml-syntax-error.ts';
import { decodeAttributeValue } from './xml-values.ts';

/** Receives what the reader reads, as document offsets (end offsets exclusive). */
export interface XmlReadHandler {
  /** `<name` seen; attributes and {@link startTagEnd} follow (the whole tag was checked first). */
  startTag(tagStart: number, nameStart: number, nameEnd: number): void;
  /** One attribute; the value range excludes the quotes and is still raw (see xml-values.ts). */
  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void;
  /** `>` or `/>` of the start tag; tagEnd is just after it. */
  startTagEnd(tagEnd: number, selfClosing: boolean): void;
  endTag(tagStart: number, nameStart: number, nameEnd: number, tagEnd: number): void;
  /** Character data, still raw. When fed in chunks, one run may come as several calls. */
  text(start: number, end: number): void;
  /** A whole `<![CDATA[...]]>` section, markers included. */
  cdata(start: number, end: number): void;
  /** A whole `<!--...-->`. */
  comment(start: number, end: number): void;
  /** A whole `<?...?>`, including the XML declaration. */
  processingInstruction(start: number, end: number): void;
}

/** A handler that ignores everything: spread it and override what you need. */
export const ignoreXml: XmlReadHandler = {
  startTag() {},
  attribute() {},
  startTagEnd() {},
  endTag() {},
  text() {},
  cdata() {},
  comment() {},
  processingInstruction() {},
};

export interface XmlReadOptions {
  /**
   * Read element content rather than a document (what DataStubs holds): several top-level
   * elements, text, references and CDATA at the top level are allowed.
   */
  fragment?: boolean;
  /** Check Namespaces in XML 1.0 (default true). */
  namespaces?: boolean;
  /**
   * Characters XML 1.0 cannot carry (raw or as `&#x1;`), reported here instead of refused, for
   * callers that must still show a service that sends them (the reference server does).
   */
  onCharacterProblem?: (problem: XmlSyntaxError) => void;
  /** Deepest element nesting accepted (default 10,000). */
  maxDepth?: number;
  /** Called about every `progressEvery` characters (default 1 MiB) with the offset reached. */
  onProgress?: (offset: number) => void;
  progressEvery?: number;
}

const NEED_MORE = -1;
/**
 * Thrown by `found` when a refusal would quote fewer characters than the next chunk could give:
 * the construct is read again with more, so a message never depends on where chunks were cut.
 */
const NEED_CONTEXT = new Error('XmlReader: more input needed for a message');
/** Characters a refusal quotes of the source. */
const FOUND_CHARS = 12;
/** Runs up to this length are checked by a loop rather than the regular expression. */
const SHORT_RUN = 64;
const CUT = -2;
const TEXT = 0;
const ATTRIBUTE = 1;
const RAW = 2;
type RunKind = typeof TEXT | typeof ATTRIBUTE | typeof RAW;

const AMP = 38;
const GT = 62;
const SLASH = 47;
const EQ = 61;
const QUOT = 34;
const APOS = 39;
const BANG = 33;
const QUESTION = 63;
const RBRACKET = 93;
const SEMICOLON = 59;
const COLON = 58;
const HASH = 35;
const BOM = 0xfeff;

// What needs a closer look inside a run of characters: references, "]]>", and characters XML
// cannot carry (controls, surrogates, which must pair, U+FFFE, U+FFFF).
// eslint-disable-next-line no-control-regex -- finding these control characters is the point
const SPECIAL = /[&\]\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/g;
const SPACE = /[ \t\r\n]/;
const XML_DECLARATION =
  /^<\?xml(?:[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"1\.[0-9]+"|'1\.[0-9]+'))(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>$/;
// Element content may start with a text declaration instead (§4.3.1): encoding required.
const TEXT_DECLARATION =
  /^<\?xml(?:[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"1\.[0-9]+"|'1\.[0-9]+'))?[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*')[ \t\r\n]*\?>$/;

/**
 * What a read outside the buffer gives: U+FFFF, which no XML character is, so it matches
 * nothing a read looks for, as NaN would.
 */
const OUTSIDE = 0xffff;

/**
 * The code unit at `i`, or OUTSIDE before or after the buffer. The reader looks one or two
 * characters past the end of what has arrived; `charCodeAt` there would give NaN, and
 * optimized code that meets an out-of-bounds read is thrown away and compiled again.
 */
function codeAt(s: string, i: number): number {
  return i >= 0 && i < s.length ? s.charCodeAt(i) : OUTSIDE;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function hex(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Reads `text` whole, calling `handler` for everything read.
 *
 * @throws {XmlSyntaxError} when it is not well-formed, with line and column.
 * @example
 * readXml('<a x="1">hi</a>', { ...ignoreXml, text: (s, e) => console.info(s, e) }); // 9 11
 */
export function readXml(text: string, handler: XmlReadHandler, options: XmlReadOptions = {}): void {
  const reader = new XmlReader(handler, options);
  reader.write(text);
  reader.end();
}

/**
 * An incremental reader: `write` chunks as they arrive, then `end`. Offsets are document
 * offsets; {@link XmlReader.slice} gives the text of a range while it is still buffered (during
 * the handler call that reports it). A construct cut by a chunk boundary is read again from its
 * start when the next chunk arrives; text is reported up to the boundary.
 */
export class XmlReader {
  private readonly fragment: boolean;
  // Copied out of the options, whose shape differs from caller to caller.
  private readonly onProgress: ((offset: number) => void) | null;
  private readonly onCharacterProblem: ((problem: XmlSyntaxError) => void) | null;
  private readonly namespaces: boolean;
  private readonly maxDepth: number;
  private readonly progressEvery: number;
  private nextProgress: number;
  private buf = '';
  /** Document offset of buf[0]. */
  private base = 0;
  /** Line number and document offset of the line start at buf[0] (for error positions). */
  private baseLine = 1;
  private baseLineStart = 0;
  private pos = 0;
  private final = false;
  private started = false;
  /** Where the document's first character is: 1 after a byte order mark. */
  private documentStart = 0;
  /** Next SPECIAL match in buf at or after the last query, or buf.length. */
  private special = -1;
  /** The last `indexOf('<', ltFrom)` in buf: ltAt (-1 for none), valid until the buffer changes. */
  private ltFrom = 0;
  private ltAt = -2;
  /**
   * The comment, CDATA section or processing instruction cut by the last chunk: the document
   * offset of its "<", where its closer can start at the earliest, the closer, and the source
   * from there to the buffer's end. Chunks that cannot complete it are held, not joined to the
   * buffer, and searched on from there: a construct of megabytes fed in 64 KB chunks is joined
   * and searched once, not once a chunk.
   */
  private closerLt = -1;
  private closerAt = 0;
  private closer = '';
  private closerTail = '';
  private held: string[] = [];
  private colon = -1;
  private depth = 0;
  private openStarts = new Int32Array(64);
  private openEnds = new Int32Array(64);
  /** Names of open elements whose source was dropped from the buffer. */
  private readonly openNames: Array<string | undefined> = [];
  private readonly scope = new NamespaceScope();
  private rootSeen = false;
  /** Character problems before this document offset have been reported. */
  private problemsReportedTo = 0;
  private rootClosed = false;
  /** Per attribute of the tag being read: nameStart, nameEnd, colon, valueStart, valueEnd. */
  private attributes = new Int32Array(5 * 16);

  constructor(
    private readonly handler: XmlReadHandler,
    options: XmlReadOptions = {},
  ) {
    this.fragment = options.fragment ?? false;
    this.onProgress = options.onProgress ?? null;
    this.onCharacterProblem = options.onCharacterProblem ?? null;
    this.namespaces = options.namespaces ?? true;
    this.maxDepth = options.maxDepth ?? 10_000;
    this.progressEvery = options.progressEvery ?? 1 << 20;
    // With no one to tell, the offset never reaches it: the optimized loop meets no new path.
    this.nextProgress = this.onProgress ? this.progressEvery : Number.POSITIVE_INFINITY;
  }

  /** Reads the next chunk. @throws {XmlSyntaxError} as soon as the input cannot be XML. */
  write(chunk: string): void {
    if (this.final) throw new Error('XmlReader.write after end()');
    if (this.closerLt >= 0 && this.closerLt === this.base + this.pos) {
      const probe = this.closerTail + chunk;
      if (!probe.includes(this.closer)) {
        this.held.push(chunk);
        this.closerTail = probe.slice(1 - this.closer.length);
        return;
      }
    }
    this.takeIn(chunk);
    this.parse();
  }

  /** Ends the input. @throws {XmlSyntaxError} when it ends inside a construct or an element. */
  end(): void {
    this.final = true;
    if (this.held.length > 0) this.takeIn('');
    this.parse();
    const at = this.buf.length;
    if (this.depth > 0) {
      const name = this.openName(this.depth - 1);
      this.fail(at, `The document ends before <${name}> is closed: expected </${name}>`);
    }
    if (!this.rootSeen && !this.fragment) this.fail(at, 'No root element: expected an element');
    this.onProgress?.(this.base + at);
  }

  /** The source of the document range [start, end), while it is buffered. */
  slice(start: number, end: number): string {
    return this.buf.slice(start - this.base, end - this.base);
  }

  /**
   * The buffered source, which holds every range reported during the handler call that asks:
   * document offset `o` is `buffer[o - bufferStart]`. A handler that reads many ranges (the
   * viewer's analysis) reads them here, with no string per range.
   */
  get buffer(): string {
    return this.buf;
  }

  /** The document offset of {@link XmlReader.buffer}'s first character. */
  get bufferStart(): number {
    return this.base;
  }

  /** The namespace URI bound to `prefix` ('' for the default) where the reader stands. */
  lookupNamespace(prefix: string): string | undefined {
    return this.scope.lookup(prefix);
  }

  /**
   * Every namespace binding where the reader stands ('' for the default namespace); during a
   * start tag's events, its own declarations included.
   */
  namespacesInScope(): Map<string, string> {
    return this.scope.inScope();
  }

  /** Puts the chunks held so far and `chunk` after what is left of the buffer. */
  private takeIn(chunk: string): void {
    this.dropConsumed();
    if (this.buf === '' && this.held.length === 0) this.buf = chunk;
    else {
      // Joined flat: `+` would make a rope, on which every indexOf is a call into the runtime.
      this.buf = [this.buf, ...this.held, chunk].join('');
      this.held = [];
    }
    this.special = -1;
    this.ltAt = -2;
  }

  private dropConsumed(): void {
    const pos = this.pos;
    if (pos === 0) return;
    const s = this.buf;
    for (let i = s.indexOf('\n'); i !== -1 && i < pos; i = s.indexOf('\n', i + 1)) {
      this.baseLine += 1;
      this.baseLineStart = this.base + i + 1;
    }
    for (let d = 0; d < this.depth; d += 1) {
      if (this.openNames[d] === undefined) {
        this.openNames[d] = s.slice(
          (this.openStarts[d] ?? 0) - this.base,
          (this.openEnds[d] ?? 0) - this.base,
        );
      }
    }
    this.base += pos;
    this.buf = pos >= s.length ? '' : s.slice(pos);
    this.pos = 0;
  }

  private error(local: number, reason: string, kind: XmlProblemKind): XmlSyntaxError {
    const offset = this.base + local;
    const { line, column } = lineAndColumn(
      this.buf,
      offset,
      this.base,
      this.baseLine,
      this.baseLineStart,
    );
    return new XmlSyntaxError(reason, offset, line, column, kind);
  }

  private fail(local: number, reason: string, kind: XmlProblemKind = 'syntax'): never {
    throw this.error(local, reason, kind);
  }

  /** Cut by the end of the buffer: wait for more, or refuse when the input has ended. */
  private incomplete(local: number, reason: string): number {
    if (!this.final) return NEED_MORE;
    return this.fail(local, reason);
  }

  private characterProblem(local: number, reason: string): void {
    const problem = this.error(local, reason, 'character');
    if (!this.onCharacterProblem) throw problem;
    // A construct cut by a chunk is read again from its start: what it reported is not again.
    if (problem.offset < this.problemsReportedTo) return;
    this.problemsReportedTo = problem.offset + 1;
    this.onCharacterProblem(problem);
  }

  /** What a reason shows of the source at `local` (always read whole: see NEED_CONTEXT). */
  private found(local: number): string {
    if (local + FOUND_CHARS > this.buf.length && !this.final) throw NEED_CONTEXT;
    if (local >= this.buf.length) return 'the end of the input';
    return JSON.stringify(this.buf.slice(local, local + FOUND_CHARS));
  }

  /**
   * The first "<" at or after `from`. A start tag with attributes looks for it to refuse a "<"
   * in a value, and the text after the tag ends at the same one: remembered, the text between
   * is scanned once.
   */
  private nextLt(from: number): number {
    const at = this.ltAt;
    if (at !== -2 && from >= this.ltFrom && (at === -1 || from <= at)) return at;
    this.ltFrom = from;
    this.ltAt = this.buf.indexOf('<', from);
    return this.ltAt;
  }

  private specialAt(from: number): number {
    if (this.special >= from) return this.special;
    SPECIAL.lastIndex = from;
    this.special = SPECIAL.test(this.buf) ? SPECIAL.lastIndex - 1 : this.buf.length;
    return this.special;
  }

  private parse(): void {
    const s = this.buf;
    const length = s.length;
    const handler = this.handler;
    let pos = this.pos;
    if (!this.started) {
      if (length === 0 && !this.final) return;
      this.started = true;
      if (codeAt(s, 0) === BOM) {
        pos = 1;
        this.documentStart = 1;
      }
    }
    try {
      while (pos < length) {
        if (this.base + pos >= this.nextProgress && this.onProgress !== null) {
          this.onProgress(this.base + pos);
          this.nextProgress = this.base + pos + this.progressEvery;
        }
        const lt = this.nextLt(pos);
        if (lt !== pos) {
          const end = lt === -1 ? (this.final ? length : this.safeTextEnd(pos)) : lt;
          if (end > pos) {
            if (this.depth === 0 && !this.fragment) this.checkOutsideRoot(pos, end);
            this.checkRun(pos, end, TEXT);
            handler.text(this.base + pos, this.base + end);
            pos = end;
          }
          if (lt === -1) break;
        }
        const c1 = codeAt(s, pos + 1);
        const next =
          c1 === SLASH
            ? this.endTag(pos)
            : c1 === BANG
              ? this.markupDeclaration(pos)
              : c1 === QUESTION
                ? this.processingInstruction(pos)
                : this.startTag(pos);
        if (next === NEED_MORE) break;
        pos = next;
      }
    } catch (error) {
      // A refusal waits for the characters it quotes; pos is where its construct starts.
      if (error !== NEED_CONTEXT) throw error;
    }
    this.pos = pos;
  }

  /** Text cut by the buffer's end stops before anything the next chunk could complete. */
  private safeTextEnd(from: number): number {
    const s = this.buf;
    let end = s.length;
    const amp = s.lastIndexOf('&');
    if (amp >= from && s.indexOf(';', amp) === -1) end = amp;
    for (let held = 0; held < 2 && end > from && codeAt(s, end - 1) === RBRACKET; held += 1) {
      end -= 1;
    }
    const last = codeAt(s, end - 1);
    if (end > from && ((last >= 0xd800 && last <= 0xdbff) || last === 13)) end -= 1;
    return end;
  }

  private checkOutsideRoot(from: number, to: number): void {
    const s = this.buf;
    for (let i = from; i < to; i += 1) {
      if (!isSpace(s.charCodeAt(i))) {
        this.fail(
          i,
          this.rootSeen
            ? `Text after the root element: found ${this.found(i)}, expected only comments, processing instructions or whitespace`
            : `Text before the root element: found ${this.found(i)}, expected an element`,
        );
      }
    }
  }

  /**
   * The first SPECIAL character in buf[from, to), or a position at or after `to` when none:
   * short runs (most text and attribute values) by a plain loop, long ones by the remembered
   * regular expression match.
   */
  private nextSpecial(from: number, to: number): number {
    if (this.special >= from || to - from > SHORT_RUN) return this.specialAt(from);
    const s = this.buf;
    for (let i = from; i < to; i += 1) {
      const c = s.charCodeAt(i);
      if (
        c === AMP ||
        c === RBRACKET ||
        (c < 0x20 && c !== 9 && c !== 10 && c !== 13) ||
        (c >= 0xd800 && (c <= 0xdfff || c >= 0xfffe))
      ) {
        return i;
      }
    }
    return to;
  }

  /** Checks references, "]]>" (in text) and characters in buf[from, to). */
  private checkRun(from: number, to: number, kind: RunKind): void {
    const s = this.buf;
    let i = this.nextSpecial(from, to);
    while (i < to) {
      const c = s.charCodeAt(i);
      let next = i + 1;
      if (c === AMP) {
        if (kind !== RAW) next = this.reference(i);
      } else if (c === RBRACKET) {
        if (kind === TEXT && codeAt(s, i + 1) === RBRACKET && codeAt(s, i + 2) === GT) {
          this.fail(i, '"]]>" is not allowed in text: write "]]&gt;"');
        }
      } else if (c >= 0xd800 && c <= 0xdbff) {
        const low = codeAt(s, i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) next = i + 2;
        else this.characterProblem(i, `A lone surrogate ${hex(c)}: XML 1.0 cannot carry it`);
      } else {
        this.characterProblem(i, `The character ${hex(c)}: XML 1.0 does not allow it (§2.2)`);
      }
      this.special = -1;
      i = this.nextSpecial(next, to);
    }
  }

  /** A reference at buf[at] === '&'; returns the index after its ';'. */
  private reference(at: number): number {
    const s = this.buf;
    let p = at + 1;
    if (codeAt(s, p) === HASH) {
      p += 1;
      const hexadecimal = codeAt(s, p) === 120; /* x */
      if (hexadecimal) p += 1;
      const digitsStart = p;
      let codePoint = 0;
      for (; ; p += 1) {
        const d = codeAt(s, p);
        let value = -1;
        if (d >= 48 && d <= 57) value = d - 48;
        else if (hexadecimal && d >= 97 && d <= 102) value = d - 87;
        else if (hexadecimal && d >= 65 && d <= 70) value = d - 55;
        if (value < 0) break;
        codePoint = Math.min(codePoint * (hexadecimal ? 16 : 10) + value, 0x110000);
      }
      if (p === digitsStart || codeAt(s, p) !== SEMICOLON) {
        this.fail(
          at,
          `A malformed character reference ${this.found(at)}: expected &#digits; or &#xhex;`,
        );
      }
      if (codePoint > 0x10ffff) {
        this.fail(
          at,
          `The character reference ${s.slice(at, p + 1)} is beyond U+10FFFF, the last character`,
        );
      }
      if (!isXmlChar(codePoint)) {
        this.characterProblem(
          at,
          `The character reference ${s.slice(at, p + 1)} names a character XML 1.0 does not allow (§2.2, §4.1)`,
        );
      }
      return p + 1;
    }
    const c = codeAt(s, p);
    if (c === 97 /* a */) {
      if (s.startsWith('amp;', p)) return p + 4;
      if (s.startsWith('apos;', p)) return p + 5;
    } else if ((c === 108 /* l */ || c === 103) /* g */ && codeAt(s, p + 1) === 116) {
      if (codeAt(s, p + 2) === SEMICOLON) return p + 3;
    } else if (c === 113 /* q */ && s.startsWith('quot;', p)) {
      return p + 5;
    }
    const nameEnd = this.nameEndOrZero(p);
    if (nameEnd === 0 || codeAt(s, nameEnd) !== SEMICOLON) {
      this.fail(at, `A bare "&": write "&amp;", or a reference such as &lt; or &#38;`);
    }
    return this.fail(
      at,
      `The entity ${s.slice(at, nameEnd + 1)} is not declared: without a DTD only &amp; &lt; &gt; &quot; &apos; exist`,
    );
  }

  /** The end of the Name at `from`, or 0 when none starts there (no namespace rules). */
  private nameEndOrZero(from: number): number {
    const end = this.scanName(from, false);
    return end > from ? end : 0;
  }

  /**
   * The end of the Name at `from` (from itself when none starts there); sets this.colon to the
   * index of its colon or -1. With `qualified`, a name with more than one colon, or one that
   * starts or ends with it, is refused (a QName).
   */
  private scanName(from: number, qualified: boolean): number {
    const s = this.buf;
    let p = from;
    let colon = -1;
    let extraColon = false;
    let c = codeAt(s, p);
    if (c < 128) {
      if (((ASCII_NAME[c] ?? 0) & NAME_START) === 0) return from;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const cp = this.pairAt(p);
      if (cp === CUT) return s.length;
      if (cp < 0 || !isNameStartCodePoint(cp)) return from;
      p += 1;
    } else if (!isNameStartCodePoint(c)) {
      return from;
    }
    if (c === COLON) colon = p;
    p += 1;
    for (;;) {
      c = codeAt(s, p);
      if (c < 128) {
        if (((ASCII_NAME[c] ?? 0) & NAME_CHAR) === 0) break;
        if (c === COLON) {
          if (colon >= 0) extraColon = true;
          colon = p;
        }
        p += 1;
      } else if (c >= 0xd800 && c <= 0xdbff) {
        const cp = this.pairAt(p);
        if (cp === CUT) {
          p = s.length;
          break;
        }
        if (cp < 0 || !isNameCodePoint(cp)) break;
        p += 2;
      } else if (isNameCodePoint(c)) {
        p += 1;
      } else {
        break;
      }
    }
    this.colon = colon;
    if (qualified && extraColon && p < s.length) {
      this.fail(
        from,
        `The name ${JSON.stringify(s.slice(from, p))} has more than one ":" (Namespaces §3)`,
        'namespace',
      );
    }
    if (qualified && colon >= 0 && p < s.length) {
      const after = codeAt(s, colon + 1);
      const startsLocal =
        after < 128
          ? ((ASCII_NAME[after] ?? 0) & NAME_START) !== 0 && after !== COLON
          : after >= 0xd800 && after <= 0xdbff
            ? isNameStartCodePoint(this.pairAt(colon + 1))
            : isNameStartCodePoint(after);
      if (colon === from || !startsLocal) {
        this.fail(
          from,
          `The name ${JSON.stringify(s.slice(from, p))} is not a qualified name: expected prefix:local (Namespaces §3)`,
          'namespace',
        );
      }
    }
    return p;
  }

  /** The code point of the surrogate pair at p; -1 when unpaired, CUT when the buffer ends. */
  private pairAt(p: number): number {
    const high = codeAt(this.buf, p);
    if (p + 1 >= this.buf.length && !this.final) return CUT;
    const low = codeAt(this.buf, p + 1);
    if (!(low >= 0xdc00 && low <= 0xdfff)) return -1;
    return ((high - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
  }

  /** A name that must be there: its end, NEED_MORE when cut by the buffer, or a refusal. */
  private requireName(from: number, what: string): number {
    const end = this.scanName(from, this.namespaces);
    if (end >= this.buf.length) return this.incomplete(from, `The input ends inside ${what}`);
    if (end === from) this.fail(from, `Expected ${what} but found ${this.found(from)}`);
    return end;
  }

  private skipSpace(from: number): number {
    const s = this.buf;
    let p = from;
    while (isSpace(codeAt(s, p))) p += 1;
    return p;
  }

  private openName(d: number): string {
    return (
      this.openNames[d] ??
      this.buf.slice((this.openStarts[d] ?? 0) - this.base, (this.openEnds[d] ?? 0) - this.base)
    );
  }

  private sameAsOpen(d: number, nameStart: number, nameEnd: number): boolean {
    const s = this.buf;
    const kept = this.openNames[d];
    if (kept !== undefined) {
      if (kept.length !== nameEnd - nameStart) return false;
      for (let k = 0; k < kept.length; k += 1) {
        if (kept.charCodeAt(k) !== s.charCodeAt(nameStart + k)) return false;
      }
      return true;
    }
    const openStart = (this.openStarts[d] ?? 0) - this.base;
    const length = (this.openEnds[d] ?? 0) - this.base - openStart;
    if (length !== nameEnd - nameStart) return false;
    for (let k = 0; k < length; k += 1) {
      if (s.charCodeAt(openStart + k) !== s.charCodeAt(nameStart + k)) return false;
    }
    return true;
  }

  /**
   * Where the innermost open element's name ends when it is written at `from` and followed by
   * an ASCII character that cannot continue a name; -1 otherwise (the caller then reads the name
   * in full). Most end tags match, so most are read with one comparison, not a name scan.
   */
  private openNameEndAt(from: number): number {
    const d = this.depth - 1;
    if (d < 0) return -1;
    const end = from + (this.openEnds[d] ?? 0) - (this.openStarts[d] ?? 0);
    const after = codeAt(this.buf, end);
    if (!(after < 128) || ((ASCII_NAME[after] ?? 0) & NAME_CHAR) !== 0) return -1;
    return this.sameAsOpen(d, from, end) ? end : -1;
  }

  private endTag(lt: number): number {
    const s = this.buf;
    const nameStart = lt + 2;
    let nameEnd = this.openNameEndAt(nameStart);
    const namesOpen = nameEnd >= 0;
    if (!namesOpen) {
      nameEnd = this.requireName(nameStart, 'an element name after "</"');
      if (nameEnd === NEED_MORE) return NEED_MORE;
    }
    const close = this.skipSpace(nameEnd);
    if (close >= s.length) return this.incomplete(lt, `The input ends inside an end tag`);
    if (
      codeAt(s, close) !== GT ||
      (!namesOpen && (this.depth === 0 || !this.sameAsOpen(this.depth - 1, nameStart, nameEnd)))
    ) {
      this.refuseEndTag(lt, nameStart, nameEnd, close);
    }
    const d = this.depth - 1;
    this.depth = d;
    // Only a chunked read keeps names; leaving the array alone otherwise keeps its kind stable.
    if (this.openNames.length > d) this.openNames.length = d;
    if (this.namespaces) this.scope.leave(d);
    if (d === 0) this.rootClosed = true;
    this.handler.endTag(
      this.base + lt,
      this.base + nameStart,
      this.base + nameEnd,
      this.base + close + 1,
    );
    return close + 1;
  }

  /** Why the end tag at `lt` cannot be read: kept apart so that the common path builds no names. */
  private refuseEndTag(lt: number, nameStart: number, nameEnd: number, close: number): never {
    const name = this.buf.slice(nameStart, nameEnd);
    if (codeAt(this.buf, close) !== GT) {
      this.fail(close, `Expected ">" to end </${name} but found ${this.found(close)}`);
    }
    if (this.depth === 0) this.fail(lt, `The end tag </${name}> has no start tag`);
    const open = this.openName(this.depth - 1);
    return this.fail(lt, `The end tag </${name}> does not match <${open}>: expected </${open}>`);
  }

  private startTag(lt: number): number {
    const s = this.buf;
    const length = s.length;
    const nameStart = lt + 1;
    const nameEnd = this.requireName(nameStart, 'an element name after "<"');
    if (nameEnd === NEED_MORE) return NEED_MORE;
    const elementColon = this.colon;
    if (this.depth === 0 && this.rootClosed && !this.fragment) {
      this.fail(lt, `A second root element <${s.slice(nameStart, nameEnd)}>: a document has one`);
    }
    let count = 0;
    let p = nameEnd;
    let tagEnd: number;
    let selfClosing = false;
    for (;;) {
      const spaceStart = p;
      let c = codeAt(s, p);
      while (isSpace(c)) c = codeAt(s, ++p);
      if (c === GT) {
        tagEnd = p + 1;
        break;
      }
      if (c === SLASH) {
        if (codeAt(s, p + 1) === GT) {
          selfClosing = true;
          tagEnd = p + 2;
          break;
        }
        if (p + 1 >= length) return this.incomplete(lt, 'The input ends inside a start tag');
        this.fail(p, `Expected ">" after "/" but found ${this.found(p + 1)}`);
      }
      if (p >= length) {
        return this.incomplete(
          lt,
          `The start tag <${s.slice(nameStart, nameEnd)} is not closed: expected ">"`,
        );
      }
      if (p === spaceStart) {
        this.fail(
          p,
          `Expected a space, ">" or "/>" in <${s.slice(nameStart, nameEnd)} but found ${this.found(p)}`,
        );
      }
      const attributeStart = p;
      const attributeEnd = this.requireName(p, 'an attribute name');
      if (attributeEnd === NEED_MORE) return NEED_MORE;
      const attributeColon = this.colon;
      p = this.skipSpace(attributeEnd);
      if (p >= length) return this.incomplete(lt, 'The input ends inside a start tag');
      if (codeAt(s, p) !== EQ) {
        this.fail(
          p,
          `Expected "=" after the attribute ${s.slice(attributeStart, attributeEnd)} but found ${this.found(p)}`,
        );
      }
      p = this.skipSpace(p + 1);
      if (p >= length) return this.incomplete(lt, 'The input ends inside a start tag');
      const quote = codeAt(s, p);
      if (quote !== QUOT && quote !== APOS) {
        this.fail(
          p,
          `The attribute ${s.slice(attributeStart, attributeEnd)} needs a quoted value but found ${this.found(p)}`,
        );
      }
      const valueEnd = s.indexOf(quote === QUOT ? '"' : "'", p + 1);
      if (valueEnd === -1) {
        return this.incomplete(
          p,
          `The value of the attribute ${s.slice(attributeStart, attributeEnd)} is not closed`,
        );
      }
      // The first "<" after the value's start: a value that reaches it holds a "<".
      const ltInValue = this.nextLt(p + 1);
      if (ltInValue !== -1 && ltInValue < valueEnd) {
        this.fail(ltInValue, `"<" is not allowed in an attribute value: write "&lt;"`);
      }
      this.checkRun(p + 1, valueEnd, ATTRIBUTE);
      if (5 * (count + 1) > this.attributes.length) {
        const grown = new Int32Array(this.attributes.length * 2);
        grown.set(this.attributes);
        this.attributes = grown;
      }
      const a = this.attributes;
      const at = 5 * count;
      a[at] = attributeStart;
      a[at + 1] = attributeEnd;
      a[at + 2] = attributeColon;
      a[at + 3] = p + 1;
      a[at + 4] = valueEnd;
      count += 1;
      p = valueEnd + 1;
    }
    if (count > 1) this.refuseDuplicateNames(count);
    if (this.namespaces) this.applyNamespaces(lt, nameStart, nameEnd, elementColon, count);
    if (this.depth >= this.maxDepth) this.fail(lt, `Elements nested deeper than ${this.maxDepth}`);

    const base = this.base;
    const handler = this.handler;
    handler.startTag(base + lt, base + nameStart, base + nameEnd);
    const a = this.attributes;
    for (let i = 0; i < count; i += 1) {
      const at = 5 * i;
      handler.attribute(
        base + (a[at] ?? 0),
        base + (a[at + 1] ?? 0),
        base + (a[at + 3] ?? 0),
        base + (a[at + 4] ?? 0),
      );
    }
    this.rootSeen = true;
    // The element's own declarations stay in scope through its startTagEnd.
    handler.startTagEnd(base + tagEnd, selfClosing);
    if (selfClosing) {
      if (this.namespaces) this.scope.leave(this.depth);
      if (this.depth === 0) this.rootClosed = true;
    } else {
      const d = this.depth;
      if (d >= this.openStarts.length) {
        const starts = new Int32Array(d * 2);
        starts.set(this.openStarts);
        this.openStarts = starts;
        const ends = new Int32Array(d * 2);
        ends.set(this.openEnds);
        this.openEnds = ends;
      }
      this.openStarts[d] = base + nameStart;
      this.openEnds[d] = base + nameEnd;
      this.depth = d + 1;
    }
    return tagEnd;
  }

  private sameRange(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
    if (aEnd - aStart !== bEnd - bStart) return false;
    const s = this.buf;
    for (let k = 0; k < aEnd - aStart; k += 1) {
      if (s.charCodeAt(aStart + k) !== s.charCodeAt(bStart + k)) return false;
    }
    return true;
  }

  /** §3.1 WFC Unique Att Spec. */
  private refuseDuplicateNames(count: number): void {
    const a = this.attributes;
    const s = this.buf;
    if (count > 16) {
      const seen = new Set<string>();
      for (let i = 0; i < count; i += 1) {
        const name = s.slice(a[5 * i] ?? 0, a[5 * i + 1] ?? 0);
        if (seen.has(name))
          this.fail(a[5 * i] ?? 0, `The attribute ${name} appears twice in one tag`);
        seen.add(name);
      }
      return;
    }
    for (let i = 1; i < count; i += 1) {
      for (let j = 0; j < i; j += 1) {
        if (this.sameRange(a[5 * i] ?? 0, a[5 * i + 1] ?? 0, a[5 * j] ?? 0, a[5 * j + 1] ?? 0)) {
          this.fail(
            a[5 * i] ?? 0,
            `The attribute ${s.slice(a[5 * i] ?? 0, a[5 * i + 1] ?? 0)} appears twice in one tag`,
          );
        }
      }
    }
  }

  /** Namespaces in XML 1.0 §3–§6: declarations first, then every prefix must be bound. */
  private applyNamespaces(
    lt: number,
    nameStart: number,
    nameEnd: number,
    elementColon: number,
    count: number,
  ): void {
    const s = this.buf;
    const a = this.attributes;
    const depth = this.depth;
    let prefixedAttributes = 0;
    for (let i = 0; i < count; i += 1) {
      const start = a[5 * i] ?? 0;
      const end = a[5 * i + 1] ?? 0;
      const colon = a[5 * i + 2] ?? -1;
      const isDeclaration =
        s.startsWith('xmlns', start) && (end === start + 5 || colon === start + 5);
      if (!isDeclaration) {
        if (colon >= 0) prefixedAttributes += 1;
        continue;
      }
      const prefix = end === start + 5 ? '' : s.slice(start + 6, end);
      const uri = decodeAttributeValue(s.slice(a[5 * i + 3] ?? 0, a[5 * i + 4] ?? 0));
      const problem = declarationProblem(prefix, uri);
      if (problem) this.fail(start, problem, 'namespace');
      this.scope.bind(prefix, uri, depth);
    }
    if (elementColon >= 0) {
      if (elementColon === nameStart + 5 && s.startsWith('xmlns', nameStart)) {
        this.fail(lt, `The prefix xmlns cannot name an element (Namespaces §3)`, 'namespace');
      }
      if (this.scope.lookupIn(s, nameStart, elementColon) === undefined) {
        this.fail(
          lt,
          `The prefix "${s.slice(nameStart, elementColon)}" of <${s.slice(nameStart, nameEnd)}> is not declared: expected an xmlns:${s.slice(nameStart, elementColon)} attribute here or on an ancestor`,
          'namespace',
        );
      }
    }
    if (prefixedAttributes === 0) return;
    const expanded: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const start = a[5 * i] ?? 0;
      const colon = a[5 * i + 2] ?? -1;
      if (colon < 0 || (colon === start + 5 && s.startsWith('xmlns', start))) continue;
      const uri = this.scope.lookupIn(s, start, colon);
      if (uri === undefined) {
        this.fail(
          start,
          `The prefix "${s.slice(start, colon)}" of the attribute ${s.slice(start, a[5 * i + 1] ?? 0)} is not declared`,
          'namespace',
        );
      }
      if (prefixedAttributes > 1) {
        const name = `{${uri}}${s.slice(colon + 1, a[5 * i + 1] ?? 0)}`;
        if (expanded.includes(name)) {
          this.fail(
            start,
            `The attribute ${s.slice(start, a[5 * i + 1] ?? 0)} repeats another attribute's namespace and local name (Namespaces §6.3)`,
            'namespace',
          );
        }
        expanded.push(name);
      }
    }
  }

  /** Where the closer of the construct at `lt` can start: `from`, or later if a chunk ago it was not found. */
  private closerFrom(lt: number, from: number): number {
    return this.closerLt === this.base + lt ? Math.max(from, this.closerAt - this.base) : from;
  }

  /** The construct at `lt` is cut by the buffer's end, and its `closer` cannot start before `at`. */
  private closerNotBefore(lt: number, at: number, closer: string): void {
    this.closerLt = this.base + lt;
    this.closerAt = this.base + at;
    this.closer = closer;
    this.closerTail = this.buf.slice(at);
  }

  /** `<!--`, `<![CDATA[` or a refused `<!DOCTYPE`. */
  private markupDeclaration(lt: number): number {
    const s = this.buf;
    const comment = startsAt(s, lt, '<!--');
    if (comment === NEED_MORE && !this.final) return NEED_MORE;
    if (comment === 1) {
      const dashes = s.indexOf('--', this.closerFrom(lt, lt + 4));
      if (dashes === -1) {
        this.closerNotBefore(lt, s.length - 1, '--');
        return this.incomplete(lt, 'A comment is not closed: expected "-->"');
      }
      if (codeAt(s, dashes + 2) !== GT) {
        if (dashes + 2 >= s.length) {
          this.closerNotBefore(lt, dashes, '--');
          return this.incomplete(lt, 'A comment is not closed: expected "-->"');
        }
        this.fail(dashes, '"--" is not allowed inside a comment');
      }
      this.checkRun(lt + 4, dashes, RAW);
      this.handler.comment(this.base + lt, this.base + dashes + 3);
      return dashes + 3;
    }
    const cdata = startsAt(s, lt, '<![CDATA[');
    if (cdata === NEED_MORE && !this.final) return NEED_MORE;
    if (cdata === 1) {
      if (this.depth === 0 && !this.fragment) {
        this.fail(lt, 'A CDATA section outside the root element: expected an element');
      }
      const close = s.indexOf(']]>', this.closerFrom(lt, lt + 9));
      if (close === -1) {
        this.closerNotBefore(lt, s.length - 2, ']]>');
        return this.incomplete(lt, 'A CDATA section is not closed: expected "]]>"');
      }
      this.checkRun(lt + 9, close, RAW);
      this.handler.cdata(this.base + lt, this.base + close + 3);
      return close + 3;
    }
    const doctype = startsAt(s, lt, '<!DOCTYPE');
    if (doctype === NEED_MORE && !this.final) return NEED_MORE;
    if (doctype === 1) {
      this.fail(
        lt,
        'A DOCTYPE declaration: refused (SOAP forbids DTDs; entity expansion risk)',
        'doctype',
      );
    }
    return this.fail(lt, `Unknown markup ${this.found(lt)}: expected "<!--" or "<![CDATA["`);
  }

  private processingInstruction(lt: number): number {
    const s = this.buf;
    const targetStart = lt + 2;
    const targetEnd = this.requireName(targetStart, 'a processing instruction target after "<?"');
    if (targetEnd === NEED_MORE) return NEED_MORE;
    const close = s.indexOf('?>', this.closerFrom(lt, targetEnd));
    if (close === -1) {
      this.closerNotBefore(lt, s.length - 1, '?>');
      return this.incomplete(lt, 'A processing instruction is not closed: expected "?>"');
    }
    const target = s.slice(targetStart, targetEnd);
    if (this.namespaces && this.colon >= 0) {
      this.fail(
        targetStart,
        `The processing instruction target ${target} has a ":" (Namespaces §7)`,
        'namespace',
      );
    }
    if (close !== targetEnd && !SPACE.test(s.charAt(targetEnd))) {
      this.fail(
        targetEnd,
        `Expected a space or "?>" after <?${target} but found ${this.found(targetEnd)}`,
      );
    }
    if (target.length === 3 && target.toLowerCase() === 'xml') {
      if (target !== 'xml' || this.base + lt !== this.documentStart) {
        this.fail(lt, `<?${target} is reserved: the XML declaration may only open the document`);
      }
      const declaration = s.slice(lt, close + 2);
      if (
        !XML_DECLARATION.test(declaration) &&
        !(this.fragment && TEXT_DECLARATION.test(declaration))
      ) {
        this.fail(
          lt,
          `A malformed XML declaration: expected <?xml version="1.0" encoding="…" standalone="yes|no"?> in that order`,
        );
      }
    } else {
      this.checkRun(targetEnd, close, RAW);
    }
    this.handler.processingInstruction(this.base + lt, this.base + close + 2);
    return close + 2;
  }
}

/** 1 when `text` has `marker` at `at`, 0 when not, NEED_MORE when the text ends inside it. */
function startsAt(text: string, at: number, marker: string): number {
  for (let k = 0; k < marker.length; k += 1) {
    if (at + k >= text.length) return NEED_MORE;
    if (text.charCodeAt(at + k) !== marker.charCodeAt(k)) return 0;
  }
  return 1;
}

/** Namespaces in XML 1.0 §3: what a declaration may not bind. */
function declarationProblem(prefix: string, uri: string): string | null {
  if (prefix === 'xmlns') return 'The prefix xmlns cannot be declared (Namespaces §3)';
  if (prefix === 'xml') {
    return uri === XML_NAMESPACE
      ? null
      : `The prefix xml is bound to ${XML_NAMESPACE} and no other URI (Namespaces §3)`;
  }
  if (uri === XML_NAMESPACE) return `Only the prefix xml may be bound to ${XML_NAMESPACE}`;
  if (uri === XMLNS_NAMESPACE) return `No prefix may be bound to ${XMLNS_NAMESPACE}`;
  if (prefix !== '' && uri === '') {
    return `xmlns:${prefix}="" is not allowed: Namespaces 1.0 cannot undeclare a prefix`;
  }
  return null;
}
