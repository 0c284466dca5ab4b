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
import { CharBuffer } from './char-buffer.ts';
import { decodeXmlEntities } from './xml-entities.ts';
import { GrowableIntArray } from './growable-int-array.ts';
import {
  NODE_CDATA,
  NODE_COMMENT,
  NODE_DOCTYPE,
  NODE_DOCUMENT,
  NODE_ELEMENT,
  NODE_PI,
  NODE_TEXT,
  type XmlTreeIndex,
} from './xml-index.ts';
import { tokenizeXml, type XmlTokenHandler } from './xml-tokenizer.ts';

export interface EscapingReport {
  /** Text nodes whose escaped form escapes an escape (`&amp;lt;`): decoding once still leaves `&lt;`. */
  doubleEscapedTextNodes: number;
  /** Text nodes that decode to markup (`&lt;Stub ...`): XML embedded as escaped text. */
  escapedMarkupTextNodes: number;
  /** CDATA sections that hold markup. */
  markupInCdataNodes: number;
  /** Source offset of the first node counted above, or -1. */
  firstOffset: number;
  /** No element at all, but the text decodes to markup: the whole payload is escaped once more. */
  payloadIsEscapedXml: boolean;
}

export interface XmlAnalysis {
  pretty: string;
  prettyLineCount: number;
  /** For each pretty line, the line that closes the element opened on it, or -1. */
  foldEnd: Int32Array;
  /** Null when the index was not requested (payload over the size limit). */
  index: XmlTreeIndex | null;
  escaping: EscapingReport;
  topLevelElementCount: number;
}

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

const MARKUP_IN_TEXT = /<[A-Za-z_/!?]/;
const ESCAPED_ESCAPE = /&amp;(?:lt|gt|amp|quot|apos|#)/;

/**
 * Pretty-prints and indexes `xml` in one linear pass.
 *
 * @throws {XmlSyntaxError} when the markup is malformed.
 * @example
 * const { pretty } = analyzeXml('<a><b>1</b></a>');
 * // '<a>\n  <b>1</b>\n</a>\n'
 */
export function analyzeXml(xml: string, options: AnalyzeOptions = {}): XmlAnalysis {
  const buildIndex = options.buildIndex ?? true;
  const indentWidth = options.indent ?? 2;
  const inlineTextMax = options.inlineTextMax ?? 160;

  // Lazily advanced pointers to the next line break, so "does this range hold a line break?" stays
  // linear over the whole input even when the payload is one 10 MB line.
  let nextLf = xml.indexOf('\n');
  let nextCr = xml.indexOf('\r');
  let nextAmp = xml.indexOf('&');
  const hasLineBreak = (from: number, to: number): boolean => {
    if (nextLf !== -1 && nextLf < from) nextLf = xml.indexOf('\n', from);
    if (nextCr !== -1 && nextCr < from) nextCr = xml.indexOf('\r', from);
    return (nextLf !== -1 && nextLf < to) || (nextCr !== -1 && nextCr < to);
  };

  const out: TextSink =
    (options.emitPretty ?? true) ? new CharBuffer(Math.ceil(xml.length * 1.3)) : NULL_SINK;
  let line = 0;
  const foldOpen = new GrowableIntArray();
  const foldClose = new GrowableIntArray();
  const startLine = (depth: number): number => {
    out.appendSpaces(depth * indentWidth);
    return line;
  };
  const onHead = options.onHead;
  const headChars = options.headChars ?? 60_000;
  let headSent = !onHead || !(out instanceof CharBuffer);
  const finishLine = (): void => {
    out.appendChar(10);
    line += 1;
    if (!headSent && out instanceof CharBuffer && out.length >= headChars) {
      headSent = true;
      onHead?.(out.toString());
    }
  };
  /** Copies a source range that may hold line breaks, normalizing \r\n and \r to \n as XML does. */
  const appendMultiLine = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      const c = xml.charCodeAt(i);
      if (c === 13) {
        out.appendChar(10);
        line += 1;
        if (xml.charCodeAt(i + 1) === 10 && i + 1 < to) i += 1;
      } else {
        out.appendChar(c);
        if (c === 10) line += 1;
      }
    }
  };
  const appendContent = (from: number, to: number): void => {
    if (hasLineBreak(from, to)) appendMultiLine(from, to);
    else out.appendRange(xml, from, to);
  };

  // Index arrays (only filled when buildIndex). Capacity guessed from the size to avoid regrowth.
  const guess = buildIndex ? Math.ceil(xml.length / 24) : 16;
  const kind = new GrowableIntArray(guess);
  const parent = new GrowableIntArray(guess);
  const firstChild = new GrowableIntArray(guess);
  const lastChild = new GrowableIntArray(guess);
  const nextSibling = new GrowableIntArray(guess);
  const childCount = new GrowableIntArray(guess);
  const elementChildCount = new GrowableIntArray(guess);
  const nameId = new GrowableIntArray(guess);
  const start = new GrowableIntArray(guess);
  const end = new GrowableIntArray(guess);
  const contentStart = new GrowableIntArray(guess);
  const contentEnd = new GrowableIntArray(guess);
  const nodeLine = new GrowableIntArray(guess);
  const nodeEndLine = new GrowableIntArray(guess);
  const attrStart = new GrowableIntArray(guess);
  const attrCount = new GrowableIntArray(guess);
  const attrNameId = new GrowableIntArray(guess);
  const attrValueStart = new GrowableIntArray(guess);
  const attrValueEnd = new GrowableIntArray(guess);
  const names: string[] = [];
  const nameIds = new Map<string, number>();
  const internName = (from: number, to: number): number => {
    const name = xml.slice(from, to);
    let id = nameIds.get(name);
    if (id === undefined) {
      id = names.length;
      names.push(name);
      nameIds.set(name, id);
    }
    return id;
  };

  const addNode = (nodeKind: number, parentNode: number, from: number, to: number): number => {
    if (!buildIndex) return -1;
    const id = kind.push(nodeKind);
    parent.push(parentNode);
    firstChild.push(-1);
    lastChild.push(-1);
    nextSibling.push(-1);
    childCount.push(0);
    elementChildCount.push(0);
    nameId.push(-1);
    start.push(from);
    end.push(to);
    contentStart.push(to);
    contentEnd.push(to);
    nodeLine.push(line);
    nodeEndLine.push(line);
    attrStart.push(attrNameId.length);
    attrCount.push(0);
    if (parentNode >= 0) {
      const last = lastChild.get(parentNode);
      if (last === -1) firstChild.set(parentNode, id);
      else nextSibling.set(last, id);
      lastChild.set(parentNode, id);
      childCount.set(parentNode, childCount.get(parentNode) + 1);
      if (nodeKind === NODE_ELEMENT) {
        elementChildCount.set(parentNode, elementChildCount.get(parentNode) + 1);
      }
    }
    return id;
  };
  addNode(NODE_DOCUMENT, -1, 0, xml.length);

  const stackNode: number[] = [];
  const stackOpenLine: number[] = [];
  let currentParent = 0;
  let depth = 0;
  let topLevelElementCount = 0;

  // The start tag being read; its attributes as [nameStart, nameEnd, valueStart, valueEnd]*.
  let tagStart = 0;
  let tagEnd = 0;
  let tagNameStart = 0;
  let tagNameEnd = 0;
  let tagNode = -1;
  const tagAttrs: number[] = [];

  const writeTag = (selfClosing: boolean): void => {
    if (!hasLineBreak(tagStart, tagEnd)) {
      out.appendRange(xml, tagStart, tagEnd);
      return;
    }
    // A tag written over several lines goes on one; line breaks in values become spaces, which
    // attribute-value normalization makes equivalent.
    out.appendChar(60);
    out.appendRange(xml, tagNameStart, tagNameEnd);
    for (let i = 0; i < tagAttrs.length; i += 4) {
      const valueStart = tagAttrs[i + 2] ?? 0;
      const valueEnd = tagAttrs[i + 3] ?? 0;
      const quote = xml.charCodeAt(valueStart - 1);
      out.appendChar(32);
      out.appendRange(xml, tagAttrs[i] ?? 0, tagAttrs[i + 1] ?? 0);
      out.appendChar(61);
      out.appendChar(quote);
      for (let v = valueStart; v < valueEnd; v++) {
        const c = xml.charCodeAt(v);
        out.appendChar(c === 10 || c === 13 || c === 9 ? 32 : c);
      }
      out.appendChar(quote);
    }
    if (selfClosing) out.appendChar(47);
    out.appendChar(62);
  };

  // An open tag not yet written, waiting to see whether its only content is a short text.
  let pendingOpen = false;
  let pendingNode = -1;
  let pendingTextFrom = -1;
  let pendingTextTo = -1;
  let pendingTextNode = -1;

  const trimmedFrom = (from: number, to: number): number => {
    let i = from;
    while (i < to && isSpace(xml.charCodeAt(i))) i++;
    return i;
  };
  const trimmedTo = (from: number, to: number): number => {
    let i = to;
    while (i > from && isSpace(xml.charCodeAt(i - 1))) i--;
    return i;
  };

  const flushPending = (): void => {
    if (!pendingOpen) return;
    const openLine = startLine(depth - 1);
    writeTag(false);
    finishLine();
    stackOpenLine[stackOpenLine.length - 1] = openLine;
    if (buildIndex) nodeLine.set(pendingNode, openLine);
    pendingOpen = false;
    if (pendingTextFrom !== -1) {
      const textLine = startLine(depth);
      out.appendRange(
        xml,
        trimmedFrom(pendingTextFrom, pendingTextTo),
        trimmedTo(pendingTextFrom, pendingTextTo),
      );
      finishLine();
      if (buildIndex) {
        nodeLine.set(pendingTextNode, textLine);
        nodeEndLine.set(pendingTextNode, textLine);
      }
      pendingTextFrom = -1;
    }
  };

  const escaping: EscapingReport = {
    doubleEscapedTextNodes: 0,
    escapedMarkupTextNodes: 0,
    markupInCdataNodes: 0,
    firstOffset: -1,
    payloadIsEscapedXml: false,
  };
  const noteEscaping = (offset: number): void => {
    if (escaping.firstOffset === -1) escaping.firstOffset = offset;
  };

  /** Text or CDATA content: inline after a pending open tag when short, else on its own line(s). */
  const emitTextLike = (nodeKind: number, from: number, to: number): void => {
    const node = addNode(nodeKind, currentParent, from, to);
    const multiLine = hasLineBreak(from, to);
    if (pendingOpen && pendingTextFrom === -1 && !multiLine && to - from <= inlineTextMax) {
      pendingTextFrom = from;
      pendingTextTo = to;
      pendingTextNode = node;
      return;
    }
    flushPending();
    const first = startLine(depth);
    if (nodeKind === NODE_TEXT) appendContent(trimmedFrom(from, to), trimmedTo(from, to));
    else appendContent(from, to);
    finishLine();
    if (buildIndex) {
      nodeLine.set(node, first);
      nodeEndLine.set(node, line - 1);
    }
  };

  const emitMarkup = (nodeKind: number, from: number, to: number): void => {
    flushPending();
    const node = addNode(nodeKind, currentParent, from, to);
    const first = startLine(depth);
    appendContent(from, to);
    finishLine();
    if (buildIndex) {
      nodeLine.set(node, first);
      nodeEndLine.set(node, line - 1);
    }
  };

  const handler: XmlTokenHandler = {
    startTag(from, nameStart, nameEnd) {
      flushPending();
      tagStart = from;
      tagNameStart = nameStart;
      tagNameEnd = nameEnd;
      tagAttrs.length = 0;
      tagNode = addNode(NODE_ELEMENT, currentParent, from, from);
      if (buildIndex) nameId.set(tagNode, internName(nameStart, nameEnd));
      if (depth === 0) topLevelElementCount += 1;
    },
    attribute(nameStart, nameEnd, valueStart, valueEnd) {
      tagAttrs.push(nameStart, nameEnd, valueStart, valueEnd);
      if (buildIndex) {
        attrNameId.push(internName(nameStart, nameEnd));
        attrValueStart.push(valueStart);
        attrValueEnd.push(valueEnd);
        attrCount.set(tagNode, attrCount.get(tagNode) + 1);
      }
    },
    startTagEnd(to, selfClosing) {
      tagEnd = to;
      if (buildIndex) {
        contentStart.set(tagNode, to);
        contentEnd.set(tagNode, to);
        end.set(tagNode, to);
      }
      if (selfClosing) {
        const at = startLine(depth);
        writeTag(true);
        finishLine();
        if (buildIndex) {
          nodeLine.set(tagNode, at);
          nodeEndLine.set(tagNode, at);
        }
        return;
      }
      stackNode.push(tagNode);
      stackOpenLine.push(-1);
      currentParent = tagNode;
      depth += 1;
      pendingOpen = true;
      pendingNode = tagNode;
    },
    endTag(from, nameStart, nameEnd, to) {
      const node = stackNode.pop() ?? -1;
      const flushedOpenLine = stackOpenLine.pop() ?? -1;
      let openLine: number;
      let closeLine: number;
      if (pendingOpen) {
        openLine = startLine(depth - 1);
        closeLine = openLine;
        writeTag(false);
        if (pendingTextFrom !== -1) {
          out.appendRange(xml, pendingTextFrom, pendingTextTo);
          if (buildIndex) {
            nodeLine.set(pendingTextNode, openLine);
            nodeEndLine.set(pendingTextNode, openLine);
          }
        }
        pendingOpen = false;
        pendingTextFrom = -1;
      } else {
        openLine = flushedOpenLine;
        closeLine = startLine(depth - 1);
        foldOpen.push(openLine);
        foldClose.push(closeLine);
      }
      out.appendChar(60);
      out.appendChar(47);
      out.appendRange(xml, nameStart, nameEnd);
      out.appendChar(62);
      finishLine();
      depth -= 1;
      if (buildIndex) {
        nodeLine.set(node, openLine);
        nodeEndLine.set(node, closeLine);
        contentEnd.set(node, from);
        end.set(node, to);
        currentParent = parent.get(node);
      }
    },
    text(from, to) {
      if (trimmedFrom(from, to) === to) return;
      if (nextAmp !== -1 && nextAmp < from) nextAmp = xml.indexOf('&', from);
      if (nextAmp !== -1 && nextAmp < to) {
        const raw = xml.slice(from, to);
        if (ESCAPED_ESCAPE.test(raw)) {
          escaping.doubleEscapedTextNodes += 1;
          noteEscaping(from);
        } else if (MARKUP_IN_TEXT.test(decodeXmlEntities(raw))) {
          escaping.escapedMarkupTextNodes += 1;
          noteEscaping(from);
        }
      }
      emitTextLike(NODE_TEXT, from, to);
    },
    cdata(from, to) {
      if (MARKUP_IN_TEXT.test(xml.slice(from + 9, to - 3))) {
        escaping.markupInCdataNodes += 1;
        noteEscaping(from);
      }
      emitTextLike(NODE_CDATA, from, to);
    },
    comment(from, to) {
      emitMarkup(NODE_COMMENT, from, to);
    },
    processingInstruction(from, to) {
      emitMarkup(NODE_PI, from, to);
    },
    doctype(from, to) {
      emitMarkup(NODE_DOCTYPE, from, to);
    },
  };

  tokenizeXml(xml, handler, options.onProgress ? { onProgress: options.onProgress } : {});
  flushPending();

  const prettyLineCount = line;
  const foldEnd = new Int32Array(prettyLineCount).fill(-1);
  for (let i = 0; i < foldOpen.length; i++) foldEnd[foldOpen.get(i)] = foldClose.get(i);
  let index: XmlTreeIndex | null = null;
  if (buildIndex) {
    index = {
      nodeCount: kind.length,
      kind: Uint8Array.from(kind.toArray()),
      parent: parent.toArray(),
      firstChild: firstChild.toArray(),
      nextSibling: nextSibling.toArray(),
      childCount: childCount.toArray(),
      elementChildCount: elementChildCount.toArray(),
      nameId: nameId.toArray(),
      start: start.toArray(),
      end: end.toArray(),
      contentStart: contentStart.toArray(),
      contentEnd: contentEnd.toArray(),
      line: nodeLine.toArray(),
      endLine: nodeEndLine.toArray(),
      attrStart: attrStart.toArray(),
      attrCount: attrCount.toArray(),
      attrNameId: attrNameId.toArray(),
      attrValueStart: attrValueStart.toArray(),
      attrValueEnd: attrValueEnd.toArray(),
      names,
    };
  }

  if (topLevelElementCount === 0 && xml.indexOf('&lt;') !== -1) {
    escaping.payloadIsEscapedXml = MARKUP_IN_TEXT.test(decodeXmlEntities(xml));
  }

  return {
    pretty: out.toString(),
    prettyLineCount,
    foldEnd,
    index,
    escaping,
    topLevelElementCount,
  };
}

type TextSink = Pick<CharBuffer, 'appendRange' | 'appendChar' | 'appendSpaces' | 'toString'>;

const NULL_SINK: TextSink = {
  appendRange() {},
  appendChar() {},
  appendSpaces() {},
  toString: () => '',
};

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
