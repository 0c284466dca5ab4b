/**
 * Turns the content of a DataStubs element into what the console shows: the embedded XML as a
 * standalone string (exact bytes the server sent, plus the namespace declarations it inherits
 * from the envelope), or the decoded text when the service escaped the XML or wrapped it in CDATA.
 */
import type { DataStubsForm } from '../types.ts';
import { escapeXmlAttribute } from '../encode/xml-escape.ts';
import type { DataStubsRegion } from './scan-document.ts';
import { MalformedXml } from './malformed-xml.ts';
import { decodeXmlText, type WarningSink } from './xml-text.ts';

export interface ExtractedDataStubs {
  value: string;
  form: DataStubsForm;
}

const CDATA_SECTION = /<!\[CDATA\[([\s\S]*?)\]\]>/g;
const COMMENT = /<!--[\s\S]*?-->/g;
const PROCESSING_INSTRUCTION = /<\?[\s\S]*?\?>/g;
const DOCTYPE = '<!DOCTYPE';

/**
 * Extracts one DataStubs region from the response text.
 *
 * @example
 * // '<DataStubs><AssetStubs xmlns=""/></DataStubs>' → { value: '<AssetStubs xmlns=""/>', form: 'xml' }
 */
export function extractDataStubs(
  text: string,
  region: DataStubsRegion,
  sink: WarningSink,
): ExtractedDataStubs {
  const content = text.slice(region.contentStart, region.contentEnd);
  if (region.topLevelElements.length > 0) return extractElements(text, region, sink);

  if (content.indexOf('<') < 0) {
    const decoded = decodeXmlText(content, sink);
    if (decoded.trim() === '') return { value: '', form: 'xml' };
    refuseDoctype(decoded);
    return { value: decoded, form: 'escaped' };
  }

  // No elements but markup: CDATA sections, maybe with comments, PIs or text between them.
  let sawCdata = false;
  const withoutComments = content.replace(COMMENT, '').replace(PROCESSING_INSTRUCTION, '');
  const parts: string[] = [];
  let last = 0;
  for (const m of withoutComments.matchAll(CDATA_SECTION)) {
    parts.push(decodeXmlText(withoutComments.slice(last, m.index), sink), m[1] ?? '');
    sawCdata = true;
    last = m.index + m[0].length;
  }
  parts.push(decodeXmlText(withoutComments.slice(last), sink));
  const value = parts.join('');
  refuseDoctype(value);
  return { value: sawCdata ? value.trim() : value, form: sawCdata ? 'cdata' : 'escaped' };
}

function refuseDoctype(value: string): void {
  const at = value.indexOf(DOCTYPE);
  if (at >= 0)
    throw new MalformedXml('a DOCTYPE inside the DataStubs text, which this client refuses', at);
}

function extractElements(
  text: string,
  region: DataStubsRegion,
  sink: WarningSink,
): ExtractedDataStubs {
  const first = region.topLevelElements[0];
  if (!first) throw new Error('extractElements needs at least one element');
  if (region.topLevelElements.length > 1) {
    sink.add(
      'data-stubs-fragment',
      `DataStubs holds ${region.topLevelElements.length} top-level elements, not one; it is shown as a fragment.`,
    );
  }
  const pieces: string[] = [];
  let last = region.contentStart;
  for (const element of region.topLevelElements) {
    pieces.push(text.slice(last, element.nameEnd));
    pieces.push(missingDeclarations(region, element.attributes));
    last = element.nameEnd;
  }
  pieces.push(text.slice(last, region.contentEnd));
  const value = pieces.join('').trim();
  const leadingText = text.slice(region.contentStart, first.start).replace(COMMENT, '').trim();
  if (leadingText !== '') {
    sink.add('data-stubs-mixed', 'DataStubs mixes text with elements; it is shown as a fragment.');
  }
  return { value, form: 'xml' };
}

/**
 * Declarations a top-level element needs to stand alone: every prefix used inside DataStubs
 * that the envelope declared, unless the element declares it itself. An in-scope default
 * namespace is re-declared too, so unprefixed elements keep the namespace they had.
 */
function missingDeclarations(region: DataStubsRegion, attributes: string): string {
  let added = '';
  for (const prefix of region.prefixesUsed) {
    const uri = region.inScope.get(prefix);
    if (uri === undefined || (prefix === '' && uri === '')) continue;
    const attribute = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
    if (new RegExp(`(?:^|\\s)${escapeRegExp(attribute)}\\s*=`).test(attributes)) continue;
    added += ` ${attribute}="${escapeXmlAttribute(uri)}"`;
  }
  return added;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
