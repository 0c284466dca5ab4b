/**
 * One pass over the payload that produces everything the views need: the pretty-printed text
 * (one tag per line, so no view gets a 10 MB line) and where each of its lines starts, the fold
 * index (line → line of the matching close), the element tree index and the escaping report.
 *
 * Pretty-printing keeps the document's information set: names, attributes (raw values, original
 * quotes) and non-whitespace text are copied from the source; only whitespace-only text between
 * markup is dropped and indentation added. Literal line breaks inside attribute values become
 * spaces, which XML attribute-value normalization makes equivalent.
 *
 * The payload may come whole (`analyzeXml`) or in chunks as it arrives (`XmlAnalyzer`), with the
 * same result for any chunking: what the analysis copies is read from the reader's buffer while
 * the reader reports it, and what must wait for a later event (a start tag held back to see
 * whether its content is short, a text run cut by a chunk) keeps the string that holds it.
 */
import { stepsToEnd } from '../tasks/steps-to-end.ts';
import type { PieceText } from '../text/piece-text.ts';
import { EscapingScanner, type EscapingReport } from './escaping-report.ts';
import { PrettyLines, StartTag, trimmedFrom, trimmedTo } from './pretty-lines.ts';
import { TreeIndexBuilder } from './tree-index-builder.ts';
import {
  NODE_CDATA,
  NODE_COMMENT,
  NODE_ELEMENT,
  NODE_PI,
  NODE_TEXT,
  type XmlTreeIndex,
} from './xml-index.ts';
import { XmlReader, type XmlReadHandler } from './reader/xml-reader.ts';
import type { XmlSyntaxError } from './reader/xml-syntax-error.ts';

export type { EscapingReport } from './escaping-report.ts';

export interface XmlAnalysis {
  /** The pretty text, as the pieces it was written in (`toString()` joins them). */
  pretty: PieceText;
  prettyLineCount: number;
  /**
   * Where each pretty line starts, plus one entry past the end (see
   * `PrettyLines.takeLineStarts`), recorded while the text was written; null when `emitPretty`
   * is false.
   */
  prettyLineStarts: Uint32Array | null;
  /** For each pretty line, the line that closes the element opened on it, or -1. */
  foldEnd: Int32Array;
  /** Null when the index was not requested (payload over the size limit). */
  index: XmlTreeIndex | null;
  escaping: EscapingReport;
  topLevelElementCount: number;
  /**
   * Characters XML 1.0 cannot carry (raw, or as `&#x1;`): shown as sent and reported here, the
   * first {@link MAX_CHARACTER_PROBLEMS}; `characterProblemCount` counts them all.
   */
  characterProblems: XmlSyntaxError[];
  characterProblemCount: number;
}

export const MAX_CHARACTER_PROBLEMS = 20;

export interface AnalyzeOptions {
  buildIndex?: boolean;
  /** False to only count lines (for an index pass after the pretty text was already sent). */
  emitPretty?: boolean;
  indent?: number;
  /** Texts up to this length share the line of their element: `<Title>Hi</Title>`. */
  inlineTextMax?: number;
  onProgress?: (offset: number) => void;
  /**
   * Called once with the first complete lines of the pretty text, as soon as at least
   * `headChars` characters exist, so a view can paint before the whole pass is done.
   */
  onHead?: (head: string) => void;
  headChars?: number;
  /** The payload's length in characters when known ahead (chunks), to size the index once. */
  expectedLength?: number;
}

/**
 * Pretty-prints and indexes `xml` in one linear pass.
 *
 * @throws {XmlSyntaxError} when it is not well-formed XML content (see reader/xml-reader.ts).
 * @example
 * analyzeXml('<a><b>1</b></a>').pretty.toString();
 * // '<a>\n  <b>1</b>\n</a>\n'
 */
export function analyzeXml(xml: string, options: AnalyzeOptions = {}): XmlAnalysis {
  const analyzer = new XmlAnalyzer({ expectedLength: xml.length, ...options });
  analyzer.write(xml);
  return analyzer.end();
}

/**
 * The same analysis fed in chunks: `write` each chunk as it arrives, then `end`. The result is
 * `analyzeXml`'s on the chunks joined, whatever the chunking; the chunks themselves are not kept
 * (except while no element has been seen: a payload without any is checked whole, at the end,
 * for being escaped XML).
 *
 * @throws {XmlSyntaxError} from `write` or `end`, as soon as the input cannot be XML content.
 * @example
 * const analyzer = new XmlAnalyzer({ onHead: paint });
 * for await (const chunk of chunks) analyzer.write(chunk);
 * const { pretty, index } = analyzer.end();
 */
export class XmlAnalyzer {
  private readonly lines: PrettyLines;
  private readonly tree: TreeIndexBuilder;
  private readonly escaping = new EscapingScanner();
  private readonly layout: PrettyLayout;
  private readonly reader: XmlReader;
  private readonly characterProblems: XmlSyntaxError[] = [];
  private characterProblemCount = 0;
  private length = 0;
  /** The chunks so far, while no element has been seen; null after the first one. */
  private elementless: string[] | null = [];

  constructor(options: AnalyzeOptions = {}) {
    const expectedLength = options.expectedLength ?? 0;
    this.lines = new PrettyLines({
      emitText: options.emitPretty ?? true,
      indent: options.indent ?? 2,
      onHead: options.onHead,
      headChars: options.headChars ?? 60_000,
    });
    this.tree = new TreeIndexBuilder(options.buildIndex ?? true, expectedLength);
    this.layout = new PrettyLayout(
      this.lines,
      this.tree,
      this.escaping,
      options.inlineTextMax ?? 160,
    );
    this.reader = new XmlReader(this.layout, {
      fragment: true,
      onCharacterProblem: (problem) => {
        this.characterProblemCount += 1;
        if (this.characterProblems.length < MAX_CHARACTER_PROBLEMS) {
          this.characterProblems.push(problem);
        }
      },
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    this.layout.reader = this.reader;
  }

  /** Characters written so far. */
  get charLength(): number {
    return this.length;
  }

  /** Reads the next chunk. @throws {XmlSyntaxError} */
  write(chunk: string): void {
    this.length += chunk.length;
    this.elementless?.push(chunk);
    try {
      this.reader.write(chunk);
    } catch (error) {
      this.layout.endTextBeforeError(-1);
      throw error;
    }
    if (this.elementless && this.layout.topLevelElementCount > 0) this.elementless = null;
  }

  /** Ends the input and returns the analysis. @throws {XmlSyntaxError} */
  end(): XmlAnalysis {
    return stepsToEnd(this.endInSteps());
  }

  /**
   * end, with the index's columns built a step each (TreeIndexBuilder.buildInSteps), for a worker
   * that answers the page between steps. The first step throws what end() throws.
   */
  *endInSteps(): Generator<void, XmlAnalysis, void> {
    try {
      this.reader.end();
    } catch (error) {
      this.layout.endTextBeforeError(this.length);
      throw error;
    }
    this.layout.finish();
    const topLevelElementCount = this.layout.topLevelElementCount;
    const pretty = this.lines.text();
    const prettyLineCount = this.lines.line;
    const prettyLineStarts = this.lines.takeLineStarts();
    const foldEnd = this.lines.foldEnd();
    const index = yield* this.tree.buildInSteps(this.length);
    return {
      pretty,
      prettyLineCount,
      prettyLineStarts,
      foldEnd,
      index,
      escaping: this.escaping.finish(topLevelElementCount, () => (this.elementless ?? []).join('')),
      topLevelElementCount,
      characterProblems: this.characterProblems,
      characterProblemCount: this.characterProblemCount,
    };
  }
}

const LT = 60;

/**
 * Reads the tokens and decides the layout: one node per line, indented by depth, except an
 * element whose only content is a short single-line text, which stays on one line with it. Each
 * node is added to the tree index with the lines it landed on.
 *
 * Events carry document offsets; the source they point into is the reader's buffer during the
 * event (`source`, whose first character is at document offset `base`). What is written later
 * keeps that string: the held start tag, the held short text, a text run that a chunk cut.
 */
class PrettyLayout implements XmlReadHandler {
  topLevelElementCount = 0;
  /** Set once by the analyzer, before anything is read. */
  reader: XmlReader | null = null;
  private currentParent = 0;
  private depth = 0;
  /** The open elements, and the line each one's start tag went on (-1 while pending). */
  private readonly stackNode: number[] = [];
  private readonly stackOpenLine: number[] = [];
  /** The start tag being read (offsets into tag.source, which starts at tagBase), and its node. */
  private readonly tag = new StartTag();
  private tagBase = 0;
  private tagNode = -1;
  // An open tag not yet written, waiting to see whether its only content is a short text.
  private pendingOpen = false;
  private pendingNode = -1;
  private pendingTextSource = '';
  private pendingTextFrom = -1;
  private pendingTextTo = -1;
  private pendingTextNode = -1;
  // The text run being read (document offsets): with chunks, one run may come as several
  // events, so it is handled at the next other event, whole.
  private runSource = '';
  private runBase = 0;
  private runFrom = -1;
  private runTo = -1;
  private runPieces: string[] | null = null;

  constructor(
    private readonly lines: PrettyLines,
    private readonly tree: TreeIndexBuilder,
    private readonly escaping: EscapingScanner,
    private readonly inlineTextMax: number,
  ) {}

  /** The reader, which holds the source of what it reports (events come only from it). */
  private get readerNow(): XmlReader {
    return this.reader as XmlReader;
  }

  startTag(from: number, nameStart: number, nameEnd: number): void {
    if (this.runFrom !== -1) this.endText();
    this.flushPending();
    const reader = this.readerNow;
    const source = reader.buffer;
    const base = reader.bufferStart;
    const tag = this.tag;
    tag.source = source;
    tag.from = from - base;
    tag.nameStart = nameStart - base;
    tag.nameEnd = nameEnd - base;
    tag.attrs.length = 0;
    this.tagBase = base;
    this.tagNode = this.tree.addNode(NODE_ELEMENT, this.currentParent, from, from, this.lines.line);
    this.tree.setName(this.tagNode, source, nameStart - base, nameEnd - base);
    if (this.depth === 0) this.topLevelElementCount += 1;
  }

  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    const base = this.tagBase;
    this.tag.attrs.push(nameStart - base, nameEnd - base, valueStart - base, valueEnd - base);
    this.tree.addAttribute(
      this.tagNode,
      this.tag.source,
      base,
      nameStart,
      nameEnd,
      valueStart,
      valueEnd,
    );
  }

  startTagEnd(to: number, selfClosing: boolean): void {
    this.tag.to = to - this.tagBase;
    this.tree.endStartTag(this.tagNode, to);
    if (selfClosing) this.writeEmptyElement();
    else this.openElement();
  }

  endTag(from: number, nameStart: number, nameEnd: number, to: number): void {
    if (this.runFrom !== -1) this.endText();
    const node = this.stackNode.pop() ?? -1;
    const flushedOpenLine = this.stackOpenLine.pop() ?? -1;
    const lines = this.lines;
    let openLine: number;
    let closeLine: number;
    if (this.pendingOpen) {
      openLine = this.writeInlineElementStart();
      closeLine = openLine;
    } else {
      openLine = flushedOpenLine;
      closeLine = lines.startLine(this.depth - 1);
      lines.addFold(openLine, closeLine);
    }
    const reader = this.readerNow;
    const base = reader.bufferStart;
    lines.writeEndTag(reader.buffer, nameStart - base, nameEnd - base);
    lines.finishLine();
    this.depth -= 1;
    this.tree.setLines(node, openLine, closeLine);
    this.tree.endElement(node, from, to);
    if (this.tree.enabled) this.currentParent = this.tree.parentOf(node);
  }

  text(from: number, to: number): void {
    const reader = this.readerNow;
    if (this.runFrom === -1) {
      this.runSource = reader.buffer;
      this.runBase = reader.bufferStart;
      this.runFrom = from;
      this.runTo = to;
      return;
    }
    // The run goes on in the next chunk: its pieces are joined once, when it ends.
    this.runPieces ??= [
      this.runSource.slice(this.runFrom - this.runBase, this.runTo - this.runBase),
    ];
    this.runPieces.push(reader.slice(from, to));
    this.runTo = to;
  }

  cdata(from: number, to: number): void {
    if (this.runFrom !== -1) this.endText();
    const reader = this.readerNow;
    const source = reader.buffer;
    const base = reader.bufferStart;
    this.escaping.cdata(source, from - base, to - base, from);
    this.emitTextLike(NODE_CDATA, source, from - base, to - base, from, to);
  }

  comment(from: number, to: number): void {
    this.emitMarkup(NODE_COMMENT, from, to);
  }

  processingInstruction(from: number, to: number): void {
    this.emitMarkup(NODE_PI, from, to);
  }

  /** After the last token: writes what is still pending. */
  finish(): void {
    if (this.runFrom !== -1) this.endText();
    this.flushPending();
  }

  /**
   * The reader refused something after the text run read so far. Read whole, the run was
   * reported (and laid out) only when it ended before the refusal: at a "<", or at `end` (the
   * payload's length when the input has ended, else -1). Laid out then only, the lines (and the
   * head) written before a syntax error do not depend on chunking.
   */
  endTextBeforeError(end: number): void {
    if (this.runFrom === -1) return;
    const reader = this.readerNow;
    if (this.runTo === end || reader.buffer.charCodeAt(this.runTo - reader.bufferStart) === LT) {
      this.endText();
    }
  }

  /** The text run read so far is whole: whitespace only is dropped, the rest laid out. */
  private endText(): void {
    let source = this.runSource;
    let base = this.runBase;
    if (this.runPieces) {
      source = this.runPieces.join('');
      base = this.runFrom;
      this.runPieces = null;
    }
    const docFrom = this.runFrom;
    const docTo = this.runTo;
    this.runFrom = -1;
    this.runSource = '';
    const from = docFrom - base;
    const to = docTo - base;
    if (trimmedFrom(source, from, to) === to) return;
    this.escaping.text(source, from, to, docFrom);
    this.emitTextLike(NODE_TEXT, source, from, to, docFrom, docTo);
  }

  /** `<a/>`: one line. */
  private writeEmptyElement(): void {
    const at = this.lines.startLine(this.depth);
    this.lines.writeStartTag(this.tag, true);
    this.lines.finishLine();
    this.tree.setLines(this.tagNode, at, at);
  }

  /** A start tag with content to come: held back until its content shows how to lay it out. */
  private openElement(): void {
    this.stackNode.push(this.tagNode);
    this.stackOpenLine.push(-1);
    this.currentParent = this.tagNode;
    this.depth += 1;
    this.pendingOpen = true;
    this.pendingNode = this.tagNode;
  }

  /**
   * The pending element ends: its start tag and its short text (if any) go on one line, which the
   * end tag then closes. Returns that line.
   */
  private writeInlineElementStart(): number {
    const lines = this.lines;
    const line = lines.startLine(this.depth - 1);
    lines.writeStartTag(this.tag, false);
    if (this.pendingTextFrom !== -1) {
      lines.appendRange(this.pendingTextSource, this.pendingTextFrom, this.pendingTextTo);
      this.tree.setLines(this.pendingTextNode, line, line);
      this.pendingTextSource = '';
    }
    this.pendingOpen = false;
    this.pendingTextFrom = -1;
    return line;
  }

  /**
   * Something other than one short text follows the pending start tag: the tag, and the text
   * held with it, get lines of their own.
   */
  private flushPending(): void {
    if (!this.pendingOpen) return;
    const lines = this.lines;
    const openLine = lines.startLine(this.depth - 1);
    lines.writeStartTag(this.tag, false);
    lines.finishLine();
    this.stackOpenLine[this.stackOpenLine.length - 1] = openLine;
    this.tree.setFirstLine(this.pendingNode, openLine);
    this.pendingOpen = false;
    if (this.pendingTextFrom !== -1) {
      const textLine = lines.startLine(this.depth);
      lines.appendTrimmed(this.pendingTextSource, this.pendingTextFrom, this.pendingTextTo);
      lines.finishLine();
      this.tree.setLines(this.pendingTextNode, textLine, textLine);
      this.pendingTextFrom = -1;
      this.pendingTextSource = '';
    }
  }

  /**
   * Text or CDATA content, source[from, to) at document offsets [docFrom, docTo): inline after a
   * pending open tag when short, else on its own line(s).
   */
  private emitTextLike(
    nodeKind: number,
    source: string,
    from: number,
    to: number,
    docFrom: number,
    docTo: number,
  ): void {
    const lines = this.lines;
    const node = this.tree.addNode(nodeKind, this.currentParent, docFrom, docTo, lines.line);
    const multiLine = lines.hasLineBreak(source, from, to);
    if (
      this.pendingOpen &&
      this.pendingTextFrom === -1 &&
      !multiLine &&
      to - from <= this.inlineTextMax
    ) {
      this.pendingTextSource = source;
      this.pendingTextFrom = from;
      this.pendingTextTo = to;
      this.pendingTextNode = node;
      return;
    }
    this.flushPending();
    const first = lines.startLine(this.depth);
    if (nodeKind === NODE_TEXT) {
      lines.appendContent(source, trimmedFrom(source, from, to), trimmedTo(source, from, to));
    } else {
      lines.appendContent(source, from, to);
    }
    lines.finishLine();
    this.tree.setLines(node, first, lines.line - 1);
  }

  /** A comment or processing instruction: copied as it is, on its own line(s). */
  private emitMarkup(nodeKind: number, docFrom: number, docTo: number): void {
    if (this.runFrom !== -1) this.endText();
    this.flushPending();
    const reader = this.readerNow;
    const source = reader.buffer;
    const base = reader.bufferStart;
    const lines = this.lines;
    const node = this.tree.addNode(nodeKind, this.currentParent, docFrom, docTo, lines.line);
    const first = lines.startLine(this.depth);
    lines.appendContent(source, docFrom - base, docTo - base);
    lines.finishLine();
    this.tree.setLines(node, first, lines.line - 1);
  }
}
