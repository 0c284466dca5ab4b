/**
 * A streaming XML tokenizer: one linear pass over a string, no DOM, no token objects. It reports
 * offsets to a handler so that callers (the pretty-printer, the indexer) slice only what they need,
 * which is what makes 10–50 MB payloads workable inside a Web Worker.
 *
 * It checks what a viewer must trust (tags nest and match, attributes are quoted, markup is closed)
 * and is lenient about the rest: several top-level elements, text outside the root and unknown
 * entities are reported by the analysis, not rejected, because the viewer must show whatever the
 * service sent.
 */

/** Receives the tokens of {@link tokenizeXml} as offsets into the input (end offsets exclusive). */
export interface XmlTokenHandler {
  /** `<name` seen; attributes and {@link startTagEnd} follow. */
  startTag(tagStart: number, nameStart: number, nameEnd: number): void;
  /** One attribute; the value range excludes the quotes and is still escaped. */
  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void;
  /** `>` or `/>` of the start tag; tagEnd is just after it. */
  startTagEnd(tagEnd: number, selfClosing: boolean): void;
  endTag(tagStart: number, nameStart: number, nameEnd: number, tagEnd: number): void;
  /** Character data between markup, still escaped. */
  text(start: number, end: number): void;
  /** A whole `<![CDATA[...]]>` section, markers included. */
  cdata(start: number, end: number): void;
  /** A whole `<!--...-->`. */
  comment(start: number, end: number): void;
  /** A whole `<?...?>`, including the XML declaration. */
  processingInstruction(start: number, end: number): void;
  /** A whole `<!DOCTYPE ...>`, internal subset included. */
  doctype(start: number, end: number): void;
}

/** Malformed input: says what and where (1-based line and column), never a crash. */
export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
  constructor(
    readonly reason: string,
    readonly offset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} (line ${line}, column ${column})`);
  }
}

export interface TokenizeOptions {
  /** Called about every `progressEvery` characters with the offset reached. */
  onProgress?: (offset: number) => void;
  progressEvery?: number;
}

const LT = 60; // <
const GT = 62; // >
const SLASH = 47; // /
const EQ = 61; // =
const QUOT = 34; // "
const APOS = 39; // '
const BANG = 33; // !
const QUESTION = 63; // ?

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function isNameChar(c: number): boolean {
  return (
    c > 32 &&
    c !== LT &&
    c !== GT &&
    c !== SLASH &&
    c !== EQ &&
    c !== QUOT &&
    c !== APOS &&
    c !== BANG &&
    c !== QUESTION
  );
}

function syntaxError(xml: string, offset: number, reason: string): XmlSyntaxError {
  let line = 1;
  let lineStart = 0;
  const limit = Math.min(offset, xml.length);
  for (let i = xml.indexOf('\n'); i !== -1 && i < limit; i = xml.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return new XmlSyntaxError(reason, offset, line, limit - lineStart + 1);
}

function describe(xml: string, offset: number): string {
  if (offset >= xml.length) return 'the end of the input';
  return JSON.stringify(xml.slice(offset, offset + 12));
}

/**
 * Tokenizes `xml` in one pass, calling `handler` for every token.
 *
 * @throws {XmlSyntaxError} on malformed markup, with line and column.
 * @example
 * tokenizeXml('<a x="1">hi</a>', {
 *   ...ignoreTokens,
 *   startTag: (_, s, e) => console.info(xml.slice(s, e)), // "a"
 * });
 */
export function tokenizeXml(
  xml: string,
  handler: XmlTokenHandler,
  options: TokenizeOptions = {},
): void {
  const length = xml.length;
  const progressEvery = options.progressEvery ?? 1 << 20;
  let nextProgress = progressEvery;
  // Open element names as [start, end) pairs, compared char by char to avoid allocating.
  let openNames = new Int32Array(64);
  let depth = 0;
  let pos = 0;
  // Next "]]>" at or after pos, found lazily so that the check stays linear over the whole input.
  let nextCdataClose = xml.indexOf(']]>');

  const sameName = (aStart: number, aEnd: number, bStart: number, bEnd: number): boolean => {
    if (aEnd - aStart !== bEnd - bStart) return false;
    for (let i = 0; i < aEnd - aStart; i++) {
      if (xml.charCodeAt(aStart + i) !== xml.charCodeAt(bStart + i)) return false;
    }
    return true;
  };

  const readName = (from: number, what: string): number => {
    let p = from;
    while (p < length && isNameChar(xml.charCodeAt(p))) p++;
    if (p === from)
      throw syntaxError(xml, from, `Expected ${what} but found ${describe(xml, from)}`);
    return p;
  };

  const skipSpace = (from: number): number => {
    let p = from;
    while (p < length && isSpace(xml.charCodeAt(p))) p++;
    return p;
  };

  const closeAt = (from: number, marker: string, what: string, start: number): number => {
    const at = xml.indexOf(marker, from);
    if (at === -1) throw syntaxError(xml, start, `Unclosed ${what}`);
    return at + marker.length;
  };

  while (pos < length) {
    if (pos >= nextProgress && options.onProgress) {
      options.onProgress(pos);
      nextProgress = pos + progressEvery;
    }
    const lt = xml.indexOf('<', pos);
    const textEnd = lt === -1 ? length : lt;
    if (textEnd > pos) {
      if (nextCdataClose !== -1 && nextCdataClose < pos) nextCdataClose = xml.indexOf(']]>', pos);
      if (nextCdataClose !== -1 && nextCdataClose < textEnd) {
        throw syntaxError(xml, nextCdataClose, '"]]>" is not allowed in text');
      }
      handler.text(pos, textEnd);
    }
    if (lt === -1) break;
    pos = lt;
    const next = xml.charCodeAt(pos + 1);

    if (next === SLASH) {
      const nameStart = pos + 2;
      const nameEnd = readName(nameStart, 'an element name after "</"');
      const close = skipSpace(nameEnd);
      if (xml.charCodeAt(close) !== GT) {
        throw syntaxError(xml, close, `Expected ">" to end </${xml.slice(nameStart, nameEnd)}`);
      }
      if (depth === 0) {
        throw syntaxError(
          xml,
          pos,
          `Closing tag </${xml.slice(nameStart, nameEnd)}> has no opening tag`,
        );
      }
      const openStart = openNames[(depth - 1) * 2] ?? 0;
      const openEnd = openNames[(depth - 1) * 2 + 1] ?? 0;
      if (!sameName(openStart, openEnd, nameStart, nameEnd)) {
        throw syntaxError(
          xml,
          pos,
          `Closing tag </${xml.slice(nameStart, nameEnd)}> does not match <${xml.slice(openStart, openEnd)}>`,
        );
      }
      depth -= 1;
      handler.endTag(pos, nameStart, nameEnd, close + 1);
      pos = close + 1;
      continue;
    }

    if (next === BANG) {
      if (xml.startsWith('<!--', pos)) {
        const end = closeAt(pos + 4, '-->', 'comment', pos);
        handler.comment(pos, end);
        pos = end;
      } else if (xml.startsWith('<![CDATA[', pos)) {
        const end = closeAt(pos + 9, ']]>', 'CDATA section', pos);
        handler.cdata(pos, end);
        pos = end;
      } else if (xml.startsWith('<!DOCTYPE', pos)) {
        pos = readDoctype(xml, pos, handler);
      } else {
        throw syntaxError(xml, pos, `Unknown markup ${describe(xml, pos)}`);
      }
      continue;
    }

    if (next === QUESTION) {
      const end = closeAt(pos + 2, '?>', 'processing instruction', pos);
      handler.processingInstruction(pos, end);
      pos = end;
      continue;
    }

    // Start tag.
    const tagStart = pos;
    const nameStart = pos + 1;
    const nameEnd = readName(nameStart, 'an element name after "<"');
    handler.startTag(tagStart, nameStart, nameEnd);
    let p = nameEnd;
    for (;;) {
      const afterSpace = skipSpace(p);
      const c = xml.charCodeAt(afterSpace);
      if (c === GT) {
        if ((depth + 1) * 2 > openNames.length) {
          const grown = new Int32Array(openNames.length * 2);
          grown.set(openNames);
          openNames = grown;
        }
        openNames[depth * 2] = nameStart;
        openNames[depth * 2 + 1] = nameEnd;
        depth += 1;
        handler.startTagEnd(afterSpace + 1, false);
        pos = afterSpace + 1;
        break;
      }
      if (c === SLASH) {
        if (xml.charCodeAt(afterSpace + 1) !== GT) {
          throw syntaxError(xml, afterSpace, 'Expected ">" after "/" in a start tag');
        }
        handler.startTagEnd(afterSpace + 2, true);
        pos = afterSpace + 2;
        break;
      }
      if (afterSpace >= length) {
        throw syntaxError(xml, tagStart, `Unclosed start tag <${xml.slice(nameStart, nameEnd)}`);
      }
      if (afterSpace === p) {
        throw syntaxError(
          xml,
          afterSpace,
          `Expected a space, ">" or "/>" but found ${describe(xml, afterSpace)}`,
        );
      }
      const attrNameEnd = readName(afterSpace, 'an attribute name');
      const eq = skipSpace(attrNameEnd);
      if (xml.charCodeAt(eq) !== EQ) {
        throw syntaxError(
          xml,
          eq,
          `Expected "=" after attribute ${xml.slice(afterSpace, attrNameEnd)}`,
        );
      }
      const quotePos = skipSpace(eq + 1);
      const quote = xml.charCodeAt(quotePos);
      if (quote !== QUOT && quote !== APOS) {
        throw syntaxError(
          xml,
          quotePos,
          `Attribute ${xml.slice(afterSpace, attrNameEnd)} needs a quoted value`,
        );
      }
      const valueEnd = xml.indexOf(quote === QUOT ? '"' : "'", quotePos + 1);
      if (valueEnd === -1) throw syntaxError(xml, quotePos, 'Unclosed attribute value');
      const ltInValue = xml.indexOf('<', quotePos + 1);
      if (ltInValue !== -1 && ltInValue < valueEnd) {
        throw syntaxError(xml, ltInValue, '"<" is not allowed in an attribute value');
      }
      handler.attribute(afterSpace, attrNameEnd, quotePos + 1, valueEnd);
      p = valueEnd + 1;
    }
  }

  if (depth > 0) {
    const openStart = openNames[(depth - 1) * 2] ?? 0;
    const openEnd = openNames[(depth - 1) * 2 + 1] ?? 0;
    throw syntaxError(xml, length, `Element <${xml.slice(openStart, openEnd)}> is not closed`);
  }
  options.onProgress?.(length);
}

/** A DOCTYPE may hold an internal subset in [...] whose declarations contain ">" themselves. */
function readDoctype(xml: string, start: number, handler: XmlTokenHandler): number {
  let p = start + 9;
  let quote = 0;
  let bracketDepth = 0;
  for (; p < xml.length; p++) {
    const c = xml.charCodeAt(p);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === QUOT || c === APOS) {
      quote = c;
    } else if (c === 91) {
      bracketDepth += 1;
    } else if (c === 93) {
      bracketDepth -= 1;
    } else if (c === GT && bracketDepth <= 0) {
      handler.doctype(start, p + 1);
      return p + 1;
    }
  }
  throw syntaxError(xml, start, 'Unclosed DOCTYPE');
}

/** A handler that ignores everything: spread it and override what you need. */
export const ignoreTokens: XmlTokenHandler = {
  startTag() {},
  attribute() {},
  startTagEnd() {},
  endTag() {},
  text() {},
  cdata() {},
  comment() {},
  processingInstruction() {},
  doctype() {},
};
