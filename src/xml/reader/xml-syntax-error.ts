/** What kind of rule a document broke; the protocol refuses a DOCTYPE with its own message. */
export type XmlProblemKind = 'syntax' | 'namespace' | 'character' | 'doctype';

/** Not well-formed: says what, where (1-based line and column) and what was expected. */
export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
  constructor(
    readonly reason: string,
    /** 0-based UTF-16 offset in the whole document. */
    readonly offset: number,
    readonly line: number,
    readonly column: number,
    readonly kind: XmlProblemKind = 'syntax',
  ) {
    super(`${reason} (line ${line}, column ${column})`);
  }
}

/**
 * 1-based line and column of `offset` in `text`, where `text` starts at document offset `base`
 * on line `baseLine`, whose first character is at document offset `baseLineStart`.
 */
export function lineAndColumn(
  text: string,
  offset: number,
  base = 0,
  baseLine = 1,
  baseLineStart = 0,
): { line: number; column: number } {
  let line = baseLine;
  let lineStart = baseLineStart;
  const limit = Math.min(offset - base, text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < limit; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = base + i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
