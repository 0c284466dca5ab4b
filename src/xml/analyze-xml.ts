/**
 * One pass over the payload that produces everything the views need: the pretty-printed text
 * (one tag per line, so CodeMirror never sees a 10 MB line), the fold index (line → line of the
 * matching close), the element tree index and the escaping report.
 *
 * Pretty-printing keeps the document's information set: names, attributes (raw values, original
 * quotes) and non-whitespace text are copied from the source; only whitespace-only text between
 * markup is dropped and indentation added. Literal line breaks inside attribute values become
 * spaces, which XML attribute-value normalization makes equivalent.
 */
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
import { readXml, type XmlReadHandler } from './reader/xml-reader.ts';
import type { XmlSyntaxError } from './reader/xml-syntax-error.ts';

export type { EscapingReport } from './escaping-report.ts';

export interface XmlAnalysis {
  pretty: string;
  prettyLineCount: number;
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
}

/**
 * Pretty-prints and indexes `xml` in one linear pass.
 *
 * @throws {XmlSyntaxError} when it is not well-formed XML content (see reader/xml-reader.ts).
 * @example
 * const { pretty } = analyzeXml('<a><b>1</b></a>');
 * // '<a>\n  <b>1</b>\n</a>\n'
 */
export function analyzeXml(xml: string, options: AnalyzeOptions = {}): XmlAnalysis {
  const lines = new PrettyLines(xml, {
    emitText: options.emitPretty ?? true,
    indent: options.indent ?? 2,
    onHead: options.onHead,
    headChars: options.headChars ?? 60_000,
  });
  const tree = new TreeIndexBuilder(xml, options.buildIndex ?? true);
  const escaping = new EscapingScanner(xml);
  const layout = new PrettyLayout(xml, lines, tree, escaping, options.inlineTextMax ?? 160);
  const characterProblems: XmlSyntaxError[] = [];
  let characterProblemCount = 0;
  readXml(xml, layout, {
    fragment: true,
    onCharacterProblem: (problem) => {
      characterProblemCount += 1;
      if (characterProblems.length < MAX_CHARACTER_PROBLEMS) characterProblems.push(problem);
    },
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  layout.finish();
  return {
    pretty: lines.text(),
    prettyLineCount: lines.line,
    foldEnd: lines.foldEnd(),
    index: tree.build(),
    escaping: escaping.finish(layout.topLevelElementCount),
    topLevelElementCount: layout.topLevelElementCount,
    characterProblems,
    characterProblemCount,
  };
}

/**
 * Reads the tokens and decides the layout: one node per line, indented by depth, except an
 * element whose only content is a short single-line text, which stays on one line with it. Each
 * node is added to the tree index with the lines it landed on.
 */
class PrettyLayout implements XmlReadHandler {
  topLevelElementCount = 0;
  private currentParent = 0;
  private depth = 0;
  /** The open elements, and the line each one's start tag went on (-1 while pending). */
  private readonly stackNode: number[] = [];
  private readonly stackOpenLine: number[] = [];
  /** The start tag being read, and its node. */
  private readonly tag = new StartTag();
  private tagNode = -1;
  // An open tag not yet written, waiting to see whether its only content is a short text.
  private pendingOpen = false;
  private pendingNode = -1;
  private pendingTextFrom = -1;
  private pendingTextTo = -1;
  private pendingTextNode = -1;

  constructor(
    private readonly xml: string,
    private readonly lines: PrettyLines,
    private readonly tree: TreeIndexBuilder,
    private readonly escaping: EscapingScanner,
    private readonly inlineTextMax: number,
  ) {}

  startTag(from: number, nameStart: number, nameEnd: number): void {
    this.flushPending();
    const tag = this.tag;
    tag.from = from;
    tag.nameStart = nameStart;
    tag.nameEnd = nameEnd;
    tag.attrs.length = 0;
    this.tagNode = this.tree.addNode(NODE_ELEMENT, this.currentParent, from, from, this.lines.line);
    this.tree.setName(this.tagNode, nameStart, nameEnd);
    if (this.depth === 0) this.topLevelElementCount += 1;
  }

  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    this.tag.attrs.push(nameStart, nameEnd, valueStart, valueEnd);
    this.tree.addAttribute(this.tagNode, nameStart, nameEnd, valueStart, valueEnd);
  }

  startTagEnd(to: number, selfClosing: boolean): void {
    this.tag.to = to;
    this.tree.endStartTag(this.tagNode, to);
    if (selfClosing) this.writeEmptyElement();
    else this.openElement();
  }

  endTag(from: number, nameStart: number, nameEnd: number, to: number): void {
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
    lines.writeEndTag(nameStart, nameEnd);
    lines.finishLine();
    this.depth -= 1;
    this.tree.setLines(node, openLine, closeLine);
    this.tree.endElement(node, from, to);
    if (this.tree.enabled) this.currentParent = this.tree.parentOf(node);
  }

  text(from: number, to: number): void {
    if (trimmedFrom(this.xml, from, to) === to) return;
    this.escaping.text(from, to);
    this.emitTextLike(NODE_TEXT, from, to);
  }

  cdata(from: number, to: number): void {
    this.escaping.cdata(from, to);
    this.emitTextLike(NODE_CDATA, from, to);
  }

  comment(from: number, to: number): void {
    this.emitMarkup(NODE_COMMENT, from, to);
  }

  processingInstruction(from: number, to: number): void {
    this.emitMarkup(NODE_PI, from, to);
  }

  /** After the last token: writes what is still pending. */
  finish(): void {
    this.flushPending();
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
      lines.appendRange(this.pendingTextFrom, this.pendingTextTo);
      this.tree.setLines(this.pendingTextNode, line, line);
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
      lines.appendTrimmed(this.pendingTextFrom, this.pendingTextTo);
      lines.finishLine();
      this.tree.setLines(this.pendingTextNode, textLine, textLine);
      this.pendingTextFrom = -1;
    }
  }

  /** Text or CDATA content: inline after a pending open tag when short, else on its own line(s). */
  private emitTextLike(nodeKind: number, from: number, to: number): void {
    const lines = this.lines;
    const node = this.tree.addNode(nodeKind, this.currentParent, from, to, lines.line);
    const multiLine = lines.hasLineBreak(from, to);
    if (
      this.pendingOpen &&
      this.pendingTextFrom === -1 &&
      !multiLine &&
      to - from <= this.inlineTextMax
    ) {
      this.pendingTextFrom = from;
      this.pendingTextTo = to;
      this.pendingTextNode = node;
      return;
    }
    this.flushPending();
    const first = lines.startLine(this.depth);
    if (nodeKind === NODE_TEXT) {
      lines.appendContent(trimmedFrom(this.xml, from, to), trimmedTo(this.xml, from, to));
    } else {
      lines.appendContent(from, to);
    }
    lines.finishLine();
    this.tree.setLines(node, first, lines.line - 1);
  }

  /** A comment or processing instruction: copied as it is, on its own line(s). */
  private emitMarkup(nodeKind: number, from: number, to: number): void {
    this.flushPending();
    const lines = this.lines;
    const node = this.tree.addNode(nodeKind, this.currentParent, from, to, lines.line);
    const first = lines.startLine(this.depth);
    lines.appendContent(from, to);
    lines.finishLine();
    this.tree.setLines(node, first, lines.line - 1);
  }
}
