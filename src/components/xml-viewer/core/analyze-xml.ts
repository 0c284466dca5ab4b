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
  indent?: number;
  /** Texts up to this length share the line of their element: `<Title>Hi</Title>`. */
  inlineTextMax?: number;
  onProgress?: (offset: number) => void;
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
  const indentUnit = ' '.repeat(options.indent ?? 2);
  const inlineTextMax = options.inlineTextMax ?? 160;
  const indents: string[] = [''];
  const indentOf = (depth: number): string => {
    while (indents.length <= depth) indents.push(indents[indents.length - 1] + indentUnit);
    return indents[depth] ?? '';
  };

  // Lazily advanced pointers to the next line break, so "does this range hold a line break?" stays
  // linear over the whole input even when the payload is one 10 MB line.
  let nextLf = xml.indexOf('\n');
  let nextCr = xml.indexOf('\r');
  const hasLineBreak = (start: number, end: number): boolean => {
    if (nextLf !== -1 && nextLf < start) nextLf = xml.indexOf('\n', start);
    if (nextCr !== -1 && nextCr < start) nextCr = xml.indexOf('\r', start);
    return (nextLf !== -1 && nextLf < end) || (nextCr !== -1 && nextCr < end);
  };

  const out: string[] = [];
  let line = 0;
  const foldOpen = new GrowableIntArray();
  const foldClose = new GrowableIntArray();
  const emitLine = (text: string, multiLine: boolean): number => {
    const first = line;
    let chunk = text;
    if (multiLine) {
      // XML end-of-line normalization makes \r\n and \r equal to \n, so this keeps the infoset.
      if (chunk.indexOf('\r') !== -1) chunk = chunk.replace(/\r\n?/g, '\n');
      for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) line += 1;
    }
    out.push(chunk, '\n');
    line += 1;
    return first;
  };

  // Index arrays (only filled when buildIndex).
  const kind = new GrowableIntArray();
  const parent = new GrowableIntArray();
  const firstChild = new GrowableIntArray();
  const lastChild = new GrowableIntArray();
  const nextSibling = new GrowableIntArray();
  const childCount = new GrowableIntArray();
  const elementChildCount = new GrowableIntArray();
  const nameId = new GrowableIntArray();
  const start = new GrowableIntArray();
  const end = new GrowableIntArray();
  const contentStart = new GrowableIntArray();
  const contentEnd = new GrowableIntArray();
  const nodeLine = new GrowableIntArray();
  const nodeEndLine = new GrowableIntArray();
  const attrStart = new GrowableIntArray();
  const attrCount = new GrowableIntArray();
  const attrNameId = new GrowableIntArray();
  const attrValueStart = new GrowableIntArray();
  const attrValueEnd = new GrowableIntArray();
  const names: string[] = [];
  const nameIds = new Map<string, number>();
  const internName = (name: string): number => {
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

  // Open elements: node id, name range, pending state for inline printing.
  const stackNode: number[] = [];
  const stackOpenLine: number[] = [];
  let currentParent = 0;
  let depth = 0;
  let topLevelElementCount = 0;

  // The start tag being read.
  let tagStart = 0;
  let tagNameStart = 0;
  let tagNameEnd = 0;
  let tagNode = -1;
  const tagAttrs: number[] = [];

  // An open tag not yet written, waiting to see whether its only content is a short text.
  let pendingOpen: string | null = null;
  let pendingNode = -1;
  let pendingText: string | null = null;
  let pendingTextNode = -1;

  const flushPending = (): void => {
    if (pendingOpen === null) return;
    const openLine = emitLine(indentOf(depth - 1) + pendingOpen, false);
    stackOpenLine[stackOpenLine.length - 1] = openLine;
    if (buildIndex) nodeLine.set(pendingNode, openLine);
    pendingOpen = null;
    if (pendingText !== null) {
      const textLine = emitLine(indentOf(depth) + pendingText.trim(), false);
      if (buildIndex) {
        nodeLine.set(pendingTextNode, textLine);
        nodeEndLine.set(pendingTextNode, textLine);
      }
      pendingText = null;
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

  const isWhitespace = (from: number, to: number): boolean => {
    for (let i = from; i < to; i++) {
      const c = xml.charCodeAt(i);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
    }
    return true;
  };

  /** Text or CDATA content: inline after a pending open tag when short, else on its own line(s). */
  const emitTextLike = (nodeKind: number, from: number, to: number, raw: string): void => {
    const node = addNode(nodeKind, currentParent, from, to);
    const multiLine = hasLineBreak(from, to);
    if (pendingOpen !== null && pendingText === null && !multiLine && raw.length <= inlineTextMax) {
      pendingText = raw;
      pendingTextNode = node;
      return;
    }
    flushPending();
    const first = emitLine(indentOf(depth) + (nodeKind === NODE_TEXT ? raw.trim() : raw), multiLine);
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
      if (buildIndex) nameId.set(tagNode, internName(xml.slice(nameStart, nameEnd)));
      if (depth === 0) topLevelElementCount += 1;
    },
    attribute(nameStart, nameEnd, valueStart, valueEnd) {
      tagAttrs.push(nameStart, nameEnd, valueStart, valueEnd);
      if (buildIndex) {
        attrNameId.push(internName(xml.slice(nameStart, nameEnd)));
        attrValueStart.push(valueStart);
        attrValueEnd.push(valueEnd);
        attrCount.set(tagNode, attrCount.get(tagNode) + 1);
      }
    },
    startTagEnd(tagEnd, selfClosing) {
      let tag: string;
      if (!hasLineBreak(tagStart, tagEnd)) {
        tag = xml.slice(tagStart, tagEnd);
      } else {
        tag = '<' + xml.slice(tagNameStart, tagNameEnd);
        for (let i = 0; i < tagAttrs.length; i += 4) {
          const valueStart = tagAttrs[i + 2] ?? 0;
          const quote = xml.charAt(valueStart - 1);
          tag +=
            ' ' +
            xml.slice(tagAttrs[i] ?? 0, tagAttrs[i + 1] ?? 0) +
            '=' +
            quote +
            xml.slice(valueStart, tagAttrs[i + 3] ?? 0).replace(/[\r\n\t]/g, ' ') +
            quote;
        }
        tag += selfClosing ? '/>' : '>';
      }
      if (buildIndex) {
        contentStart.set(tagNode, tagEnd);
        contentEnd.set(tagNode, tagEnd);
        end.set(tagNode, tagEnd);
      }
      if (selfClosing) {
        const at = emitLine(indentOf(depth) + tag, false);
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
      pendingOpen = tag;
      pendingNode = tagNode;
    },
    endTag(from, nameStart, nameEnd, to) {
      const node = stackNode.pop() ?? -1;
      const flushedOpenLine = stackOpenLine.pop() ?? -1;
      const closeTag = '</' + xml.slice(nameStart, nameEnd) + '>';
      let closeLine: number;
      let openLine: number;
      if (pendingOpen !== null) {
        openLine = emitLine(indentOf(depth - 1) + pendingOpen + (pendingText ?? '') + closeTag, false);
        closeLine = openLine;
        if (buildIndex && pendingText !== null) {
          nodeLine.set(pendingTextNode, openLine);
          nodeEndLine.set(pendingTextNode, openLine);
        }
        pendingOpen = null;
        pendingText = null;
      } else {
        openLine = flushedOpenLine;
        closeLine = emitLine(indentOf(depth - 1) + closeTag, false);
        foldOpen.push(openLine);
        foldClose.push(closeLine);
      }
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
      if (isWhitespace(from, to)) return;
      const raw = xml.slice(from, to);
      if (raw.indexOf('&') !== -1) {
        if (ESCAPED_ESCAPE.test(raw)) {
          escaping.doubleEscapedTextNodes += 1;
          noteEscaping(from);
        } else if (MARKUP_IN_TEXT.test(decodeXmlEntities(raw))) {
          escaping.escapedMarkupTextNodes += 1;
          noteEscaping(from);
        }
      }
      emitTextLike(NODE_TEXT, from, to, raw);
    },
    cdata(from, to) {
      const raw = xml.slice(from, to);
      if (MARKUP_IN_TEXT.test(raw.slice(9, -3))) {
        escaping.markupInCdataNodes += 1;
        noteEscaping(from);
      }
      emitTextLike(NODE_CDATA, from, to, raw);
    },
    comment(from, to) {
      flushPending();
      const node = addNode(NODE_COMMENT, currentParent, from, to);
      const first = emitLine(indentOf(depth) + xml.slice(from, to), hasLineBreak(from, to));
      if (buildIndex) {
        nodeLine.set(node, first);
        nodeEndLine.set(node, line - 1);
      }
    },
    processingInstruction(from, to) {
      flushPending();
      const node = addNode(NODE_PI, currentParent, from, to);
      const first = emitLine(indentOf(depth) + xml.slice(from, to), hasLineBreak(from, to));
      if (buildIndex) {
        nodeLine.set(node, first);
        nodeEndLine.set(node, line - 1);
      }
    },
    doctype(from, to) {
      flushPending();
      const node = addNode(NODE_DOCTYPE, currentParent, from, to);
      const first = emitLine(indentOf(depth) + xml.slice(from, to), hasLineBreak(from, to));
      if (buildIndex) {
        nodeLine.set(node, first);
        nodeEndLine.set(node, line - 1);
      }
    },
  };

  tokenizeXml(xml, handler, options.onProgress ? { onProgress: options.onProgress } : {});
  flushPending();

  const prettyLineCount = line;
  const foldEnd = new Int32Array(prettyLineCount).fill(-1);
  let index: XmlTreeIndex | null = null;
  for (let i = 0; i < foldOpen.length; i++) foldEnd[foldOpen.get(i)] = foldClose.get(i);
  if (buildIndex) {
    const lines = nodeLine.toArray();
    const endLines = nodeEndLine.toArray();
    const kinds = kind.toArray();
    index = {
      nodeCount: kind.length,
      kind: Uint8Array.from(kinds),
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
      line: lines,
      endLine: endLines,
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
    pretty: out.join(''),
    prettyLineCount,
    foldEnd,
    index,
    escaping,
    topLevelElementCount,
  };
}
