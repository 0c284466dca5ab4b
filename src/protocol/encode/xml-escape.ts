/**
 * Escaping for text placed in XML element content and attribute values.
 * `>` is escaped too so that `]]>` can never appear; CR is written as `&#xD;` because an XML
 * parser turns a raw CR (or CRLF) into LF, which would silently change the value.
 */

const TEXT_SPECIALS = /[&<>\r]/g;
const ATTRIBUTE_SPECIALS = /[&<>"\r\n\t]/g;

const REPLACEMENTS: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#xD;',
  '\n': '&#xA;',
  '\t': '&#x9;',
};

const replace = (ch: string): string => REPLACEMENTS[ch] ?? ch;

/**
 * Escapes element text.
 *
 * @example
 * escapeXmlText('a < b & c\r\n'); // 'a &lt; b &amp; c&#xD;\n'
 */
export function escapeXmlText(value: string): string {
  return value.replace(TEXT_SPECIALS, replace);
}

/**
 * Escapes a double-quoted attribute value (TAB, LF and CR as references, since attribute value
 * normalization would turn them into spaces).
 *
 * @example
 * escapeXmlAttribute('say "hi"'); // 'say &quot;hi&quot;'
 */
export function escapeXmlAttribute(value: string): string {
  return value.replace(ATTRIBUTE_SPECIALS, replace);
}
