/**
 * XML 1.0 (fifth edition) names, §2.3 [4]–[5]: which characters may start a name and which may
 * continue one. ASCII is a table lookup; the rest are the production's ranges.
 */

/** Bit set in {@link ASCII_NAME} for characters that may continue a name. */
export const NAME_CHAR = 1;
/** Bit set in {@link ASCII_NAME} for characters that may start a name. */
export const NAME_START = 2;

/** NAME_CHAR | NAME_START flags for the ASCII range, indexed by char code. */
export const ASCII_NAME = new Uint8Array(128);
for (let c = 0; c < 128; c += 1) {
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  if (letter || c === 95 /* _ */ || c === 58 /* : */) ASCII_NAME[c] = NAME_CHAR | NAME_START;
  else if ((c >= 48 && c <= 57) || c === 45 /* - */ || c === 46 /* . */) ASCII_NAME[c] = NAME_CHAR;
}

/** NameStartChar for a code point ≥ 0x80 (§2.3 [4]). */
export function isNameStartCodePoint(c: number): boolean {
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0xeffff)
  );
}

/** NameChar for a code point ≥ 0x80 (§2.3 [4a]). */
export function isNameCodePoint(c: number): boolean {
  return (
    isNameStartCodePoint(c) ||
    c === 0xb7 ||
    (c >= 0x300 && c <= 0x36f) ||
    c === 0x203f ||
    c === 0x2040
  );
}

/**
 * True when `name` is an XML Name (§2.3 [5]).
 *
 * @example
 * isXmlName('a:b-1'); // true
 * isXmlName('1a'); // false
 */
export function isXmlName(name: string): boolean {
  if (name === '') return false;
  for (let i = 0; i < name.length; i += 1) {
    let c = name.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const low = name.charCodeAt(i + 1);
      if (!(low >= 0xdc00 && low <= 0xdfff)) return false;
      c = ((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
      i += 1;
    }
    const start = i === 0 || (i === 1 && c > 0xffff);
    const ok =
      c < 128
        ? (ASCII_NAME[c] ?? 0) & (start ? NAME_START : NAME_CHAR)
        : start
          ? isNameStartCodePoint(c)
          : isNameCodePoint(c);
    if (!ok) return false;
  }
  return true;
}
