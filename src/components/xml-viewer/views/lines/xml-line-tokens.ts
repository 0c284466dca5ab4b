/**
 * Colours for one line of the pretty text, read on its own: the line is all the window has. The
 * pretty-printer puts each tag, text run and comment on its own line, so a line-local reading
 * colours nearly everything right; a comment or CDATA section spanning lines colours its middle
 * lines as text. Colouring only: the text shown is the line, unchanged.
 */

export type TokenKind =
  'tag' | 'attr' | 'value' | 'punct' | 'comment' | 'meta' | 'cdata' | 'entity' | 'text';

/** `line.slice(from, to)` is one token; tokens cover the line, in order. */
export interface LineToken {
  from: number;
  to: number;
  kind: TokenKind;
}

const NAME = /[^\s/>=]+/y;
const SPACE = /\s+/y;
const ENTITY = /&(?:#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z_][\w.-]*);/g;

function pushText(line: string, from: number, to: number, tokens: LineToken[]): void {
  let at = from;
  ENTITY.lastIndex = from;
  for (let match = ENTITY.exec(line); match && match.index < to; match = ENTITY.exec(line)) {
    const end = match.index + match[0].length;
    if (end > to) break;
    if (match.index > at) tokens.push({ from: at, to: match.index, kind: 'text' });
    tokens.push({ from: match.index, to: end, kind: 'entity' });
    at = end;
  }
  if (at < to) tokens.push({ from: at, to, kind: 'text' });
}

/** Reads a tag from `<` at `from`; returns where it ended. */
function readTag(line: string, from: number, tokens: LineToken[]): number {
  const opener = line.startsWith('</', from) ? 2 : 1;
  tokens.push({ from, to: from + opener, kind: 'punct' });
  let at = from + opener;
  NAME.lastIndex = at;
  const name = NAME.exec(line);
  if (name) {
    tokens.push({ from: at, to: at + name[0].length, kind: 'tag' });
    at += name[0].length;
  }
  while (at < line.length) {
    SPACE.lastIndex = at;
    const space = SPACE.exec(line);
    if (space) {
      tokens.push({ from: at, to: at + space[0].length, kind: 'text' });
      at += space[0].length;
      continue;
    }
    if (line.startsWith('/>', at)) {
      tokens.push({ from: at, to: at + 2, kind: 'punct' });
      return at + 2;
    }
    const char = line[at];
    if (char === '>') {
      tokens.push({ from: at, to: at + 1, kind: 'punct' });
      return at + 1;
    }
    if (char === '=') {
      tokens.push({ from: at, to: at + 1, kind: 'punct' });
      at += 1;
      continue;
    }
    if (char === '"' || char === "'") {
      const close = line.indexOf(char, at + 1);
      const end = close === -1 ? line.length : close + 1;
      tokens.push({ from: at, to: end, kind: 'value' });
      at = end;
      continue;
    }
    NAME.lastIndex = at;
    const attribute = NAME.exec(line);
    const end = attribute ? at + attribute[0].length : at + 1;
    tokens.push({ from: at, to: end, kind: 'attr' });
    at = end;
  }
  return at;
}

/** A construct from `from` to its closer (or the line's end), as one token. */
function readUntil(
  line: string,
  from: number,
  closer: string,
  kind: TokenKind,
  tokens: LineToken[],
): number {
  const close = line.indexOf(closer, from);
  const end = close === -1 ? line.length : close + closer.length;
  tokens.push({ from, to: end, kind });
  return end;
}

/** @example xmlLineTokens('<a x="1">') // punct, tag, text, attr, punct, value, punct */
export function xmlLineTokens(line: string): LineToken[] {
  const tokens: LineToken[] = [];
  let at = 0;
  while (at < line.length) {
    const open = line.indexOf('<', at);
    const textEnd = open === -1 ? line.length : open;
    if (textEnd > at) pushText(line, at, textEnd, tokens);
    if (open === -1) break;
    if (line.startsWith('<!--', open)) at = readUntil(line, open, '-->', 'comment', tokens);
    else if (line.startsWith('<![CDATA[', open)) at = readUntil(line, open, ']]>', 'cdata', tokens);
    else if (line.startsWith('<?', open)) at = readUntil(line, open, '?>', 'meta', tokens);
    else if (line.startsWith('<!', open)) at = readUntil(line, open, '>', 'meta', tokens);
    else at = readTag(line, open, tokens);
  }
  return tokens;
}
