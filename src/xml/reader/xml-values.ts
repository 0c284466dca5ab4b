/**
 * What a reader's raw ranges mean (XML 1.0 §2.11 end-of-line handling, §3.3.3 attribute-value
 * normalization, §4.6 predefined entities): every consumer decodes through these two, so that a
 * CR LF is one line break in text and one space in an attribute value everywhere.
 */
import { decodeXmlEntities, type ReferencePolicy } from '../../text/xml-entities.ts';

const LINE_BREAK = /\r\n?/g;
const ATTRIBUTE_WHITESPACE = /\r\n|[\t\n\r]/g;

/**
 * CR LF and lone CR as LF (§2.11): what CDATA content, comments and PIs mean.
 *
 * @example
 * normalizeLineBreaks('a\r\nb\rc'); // 'a\nb\nc'
 */
export function normalizeLineBreaks(raw: string): string {
  return raw.indexOf('\r') < 0 ? raw : raw.replace(LINE_BREAK, '\n');
}

/**
 * Character data as XML gives it to an application: CR LF and lone CR become LF, references
 * decoded. The reader has already checked every reference in a document it accepted.
 *
 * @example
 * decodeCharacterData('a\r\nb &amp; c'); // 'a\nb & c'
 */
export function decodeCharacterData(raw: string, policy?: ReferencePolicy): string {
  return decodeXmlEntities(normalizeLineBreaks(raw), policy);
}

/**
 * An attribute value as XML gives it (no DTD, so every attribute is CDATA): each literal TAB,
 * LF, CR or CR LF becomes one space; characters written as references stay as they are.
 *
 * @example
 * decodeAttributeValue('a\r\nb&#10;c'); // 'a b\nc'
 */
export function decodeAttributeValue(raw: string, policy?: ReferencePolicy): string {
  const spaced =
    raw.indexOf('\n') < 0 && raw.indexOf('\r') < 0 && raw.indexOf('\t') < 0
      ? raw
      : raw.replace(ATTRIBUTE_WHITESPACE, ' ');
  return decodeXmlEntities(spaced, policy);
}
