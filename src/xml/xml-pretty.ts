/**
 * Indents XML for reading in the raw exchange panel: the console's one XML reader finds the
 * tags; text and attributes are copied exactly, only whitespace between tags changes. Input that
 * the reader refuses (not XML, or malformed) comes back unchanged: the panel shows what arrived.
 */
import { readXml } from './reader/xml-reader.ts';
import { XmlSyntaxError } from './reader/xml-syntax-error.ts';

/** Beyond this the body is shown as received: indenting megabytes would block the page. */
export const PRETTY_LIMIT_BYTES = 2_000_000;

const TEXT = 0;
const OPEN = 1;
const CLOSE = 2;
/** Self-contained: an empty element, a comment, a PI, a CDATA section. */
const WHOLE = 3;

/** The document as the reader delimits it: [kind, source] pairs, in order. */
function parts(text: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  let tagStart = 0;
  readXml(
    text,
    {
      startTag(start) {
        tagStart = start;
      },
      attribute() {},
      startTagEnd(end, selfClosing) {
        out.push([selfClosing ? WHOLE : OPEN, text.slice(tagStart, end)]);
      },
      endTag(start, _nameStart, _nameEnd, end) {
        out.push([CLOSE, text.slice(start, end)]);
      },
      text(start, end) {
        out.push([TEXT, text.slice(start, end)]);
      },
      cdata(start, end) {
        out.push([WHOLE, text.slice(start, end)]);
      },
      comment(start, end) {
        out.push([WHOLE, text.slice(start, end)]);
      },
      processingInstruction(start, end) {
        out.push([WHOLE, text.slice(start, end)]);
      },
    },
    { onCharacterProblem: () => {} },
  );
  return out;
}

/**
 * @example prettyXml('<a><b>x</b></a>') // '<a>\n  <b>x</b>\n</a>'
 */
export function prettyXml(text: string, indent = '  '): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('<') || text.length > PRETTY_LIMIT_BYTES) return text;
  let tokens: Array<[number, string]>;
  try {
    tokens = parts(trimmed);
  } catch (error) {
    if (error instanceof XmlSyntaxError) return text;
    throw error;
  }
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const [kind, part] = tokens[i] ?? [TEXT, ''];
    if (kind === TEXT) {
      if (part.trim() === '') continue;
      lines.push(indent.repeat(depth) + part.trim());
      continue;
    }
    if (kind === CLOSE) {
      depth = Math.max(0, depth - 1);
      lines.push(indent.repeat(depth) + part);
      continue;
    }
    // Keep <a>text</a> on one line: the common leaf shape of every response.
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    if (kind === OPEN && next?.[0] === TEXT && after?.[0] === CLOSE) {
      lines.push(indent.repeat(depth) + part + next[1] + after[1]);
      i += 2;
      continue;
    }
    lines.push(indent.repeat(depth) + part);
    if (kind === OPEN) depth += 1;
  }
  return lines.join('\n');
}
