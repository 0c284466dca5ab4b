/**
 * Decoding and encoding of XML character data. The tokenizer keeps text escaped (it reports
 * offsets); views decode only what they show.
 */

/**
 * Replaces the five predefined entities and character references; anything else (an unknown
 * entity, a lone `&`) is kept as written so that nothing the service sent disappears. The one
 * decoder, shared with the protocol, lives on the bottom floor.
 */
export { decodeXmlEntities } from '../text/xml-entities.ts';

/** Escapes text for element content (`&`, `<`, `>`). @example escapeXmlText('a<b') // 'a&lt;b' */
export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The content of a `<![CDATA[...]]>` section given the whole section. */
export function cdataContent(section: string): string {
  return section.slice(9, -3);
}
