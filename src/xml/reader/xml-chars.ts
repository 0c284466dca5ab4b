/**
 * Which characters XML 1.0 can carry (the Char production): TAB, LF, CR, U+0020–U+D7FF,
 * U+E000–U+FFFD and U+10000–U+10FFFF. Everything else cannot be sent, not even as a
 * character reference.
 */

export interface ForbiddenCharacter {
  /** 0-based UTF-16 index in the string. */
  position: number;
  /** The code point, or the lone surrogate's code unit. */
  codePoint: number;
}

// A lone surrogate is a high one not followed by a low one, or a low one not preceded by a high one.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding these control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first character of `value` that XML 1.0 cannot carry, or null when all can.
 *
 * @example
 * findForbiddenCharacter('a\u0001b'); // { position: 1, codePoint: 1 }
 */
export function findForbiddenCharacter(value: string): ForbiddenCharacter | null {
  const match = FORBIDDEN.exec(value);
  if (!match) return null;
  return { position: match.index, codePoint: value.charCodeAt(match.index) };
}

/**
 * True when the code point may appear in an XML 1.0 document (directly or as a reference).
 *
 * @example
 * isXmlChar(0x1); // false
 */
export function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}
