/**
 * Turns the content of a DataStubs element into what the console shows: the embedded XML as a
 * standalone string (exact bytes the server sent, plus the namespace declarations it inherits
 * from the envelope), or the decoded text when the service escaped the XML or wrapped it in CDATA.
 */
import type { DataStubsForm } from '../types.ts';
import { escapeXmlAttribute } from '../encode/xml-escape.ts';
import type { DataStubsRegion } from './scan-document.ts';
import { ignoreXml, readXml } from '../../xml/reader/xml-reader.ts';
import { MalformedXml } from './malformed-xml.ts';
import { decodeXmlText, type WarningSink } from './xml-text.ts';
import { recordCount } from '../../xml/xml-summary.ts';

export interface ExtractedDataStubs {
  value: string;
  form: DataStubsForm;
  /**
   * recordCount of the value, from the scan (literal XML only; a payload sent as text was not
   * parsed, so its count is left to whoever needs it).
   */
  recordCount?: number | null;
}

const COMMENT = /<!--[\s\S]*?-->/g;
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

  // Whitespace around the payload is the envelope's indentation (HTTP GET/POST answers are
  // indented), not part of the value; CDATA content itself is kept exactly.
  if (content.indexOf('<') < 0) {
    const decoded = decodeXmlText(content, sink).trim();
    if (decoded === '') return { value: '', form: 'xml', recordCount: null };
    refuseDoctype(decoded);
    return { value: decoded, form: 'escaped' };
  }

  // No elements but markup: CDATA sections, maybe with comments, PIs or text between them,
  // as the reader delimits them (scanDocument has already accepted this content).
  const parts: Array<{ text: string; cdata: boolean }> = [];
  readXml(
    content,
    {
      ...ignoreXml,
      text: (start, end) =>
        parts.push({ text: decodeXmlText(content.slice(start, end), sink), cdata: false }),
      cdata: (start, end) => parts.push({ text: content.slice(start + 9, end - 3), cdata: true }),
    },
    { fragment: true, onCharacterProblem: () => {} },
  );
  const sawCdata = parts.some((p) => p.cdata);
  const value = sawCdata
    ? parts
        .filter((p) => p.cdata || p.text.trim() !== '')
        .map((p) => p.text)
        .join('')
    : parts
        .map((p) => p.text)
        .join('')
        .trim();
  if (value === '') return { value: '', form: 'xml', recordCount: null };
  refuseDoctype(value);
  return { value, form: sawCdata ? 'cdata' : 'escaped' };
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
  const elements = region.topLevelElements;
  const first = elements[0];
  if (!first) throw new Error('extractElements needs at least one element');
  if (elements.length > 1) {
    sink.add(
      'data-stubs-fragment',
      `DataStubs holds ${elements.length} top-level elements, not one; it is shown as a fragment.`,
    );
  }
  const leadingText = text.slice(region.contentStart, first.start).replace(COMMENT, '').trim();
  if (leadingText !== '') {
    sink.add('data-stubs-mixed', 'DataStubs mixes text with elements; it is shown as a fragment.');
  }
  let end = region.contentEnd;
  while (end > first.start && /\s/.test(text.charAt(end - 1))) end -= 1;
  const records =
    elements.length === 1
      ? recordCount({
          root: text.slice(first.start + 1, first.nameEnd),
          counts: [...region.childNames].map(([name, count]) => ({ name, count })),
          wellFormed: true,
        })
      : null;

  const inherited = inheritedDeclarations(text, region);
  const additions = elements.map((element) => missingDeclarations(inherited, element.attributes));
  if (additions.every((added) => added === '')) {
    // The common case: the exact substring, no copy of a possibly huge payload.
    return { value: text.slice(first.start, end), form: 'xml', recordCount: records };
  }
  const pieces: string[] = [];
  let last = first.start;
  elements.forEach((element, index) => {
    pieces.push(text.slice(last, element.nameEnd), additions[index] ?? '');
    last = element.nameEnd;
  });
  pieces.push(text.slice(last, end));
  return { value: pieces.join(''), form: 'xml', recordCount: records };
}

/**
 * The envelope's namespace declarations the payload relies on: each prefix declared outside
 * and used in an element or attribute name inside, and a non-empty default namespace (which
 * unprefixed top-level elements would otherwise lose).
 */
function inheritedDeclarations(text: string, region: DataStubsRegion): Map<string, string> {
  const needed = new Map<string, string>();
  const defaultNamespace = region.inScope.get('');
  if (defaultNamespace) needed.set('', defaultNamespace);
  const prefixes = [...region.inScope.keys()].filter((p) => p !== '');
  if (prefixes.length === 0) return needed;
  // One pass over the payload; a match inside text only adds a harmless extra declaration.
  const usage = new RegExp(`[<\\s](${prefixes.map(escapeRegExp).join('|')}):[^\\s=/>]`, 'g');
  const content = text.slice(region.contentStart, region.contentEnd);
  for (const match of content.matchAll(usage)) {
    const prefix = match[1] ?? '';
    const uri = region.inScope.get(prefix);
    if (uri !== undefined && !needed.has(prefix)) needed.set(prefix, uri);
    if (needed.size === prefixes.length + (defaultNamespace ? 1 : 0)) break;
  }
  return needed;
}

/** Declarations from `inherited` that the element does not make itself. */
function missingDeclarations(inherited: Map<string, string>, attributes: string): string {
  let added = '';
  for (const [prefix, uri] of inherited) {
    const attribute = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
    if (new RegExp(`(?:^|\\s)${escapeRegExp(attribute)}\\s*=`).test(attributes)) continue;
    added += ` ${attribute}="${escapeXmlAttribute(uri)}"`;
  }
  return added;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
