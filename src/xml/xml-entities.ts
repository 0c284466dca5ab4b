/**
 * Decoding and encoding of XML character data. The tokenizer keeps text escaped (it reports
 * offsets); views decode only what they show.
 */

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Replaces the five predefined entities and character references; anything else (an unknown
 * entity, a lone `&`) is kept as written so that nothing the service sent disappears.
 *
 * @example decodeXmlEntities('a &lt; b &#x1F600;') // 'a < b 😀'
 */
export function decodeXmlEntities(raw: string): string {
  if (raw.indexOf('&') === -1) return raw;
  return raw.replace(
    ENTITY,
    (match, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name) return NAMED[name] ?? match;
      const code = hex ? parseInt(hex, 16) : parseInt(dec ?? '', 10);
      if (!Number.isFinite(code) || code < 0 || code > 0x10ffff) return match;
      return String.fromCodePoint(code);
    },
  );
}

/** Escapes text for element content (`&`, `<`, `>`). @example escapeXmlText('a<b') // 'a&lt;b' */
export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The content of a `<![CDATA[...]]>` section given the whole section. */
export function cdataContent(section: string): string {
  return section.slice(9, -3);
}
