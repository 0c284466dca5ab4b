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
import { textWindows, type TextSource } from '../../text/piece-text.ts';

/** Where a payload lies in the response's text: [start, end). */
export interface TextSpan {
  start: number;
  end: number;
}

export interface ExtractedDataStubs<Value = string> {
  value: Value;
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
 * With `locate`, a payload that is exactly a substring of the text (the common case) comes back
 * as where it lies instead: the text may be kept in pieces (a large answer), which the value
 * would join.
 *
 * @example
 * // '<DataStubs><AssetStubs xmlns=""/></DataStubs>' → { value: '<AssetStubs xmlns=""/>', form: 'xml' }
 */
export function extractDataStubs(
  text: string,
  region: DataStubsRegion,
  sink: WarningSink,
): ExtractedDataStubs;
export function extractDataStubs(
  text: TextSource,
  region: DataStubsRegion,
  sink: WarningSink,
  locate: true,
): ExtractedDataStubs<string | TextSpan>;
export function extractDataStubs(
  text: TextSource,
  region: DataStubsRegion,
  sink: WarningSink,
  locate = false,
): ExtractedDataStubs<string | TextSpan> {
  if (region.topLevelElements.length > 0) return extractElements(text, region, sink, locate);
  const content = text.slice(region.contentStart, region.contentEnd);

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
  text: TextSource,
  region: DataStubsRegion,
  sink: WarningSink,
  locate: boolean,
): ExtractedDataStubs<string | TextSpan> {
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
  while (end > first.start && /\s/.test(text.slice(end - 1, end))) end -= 1;
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
    const value = locate ? { start: first.start, end } : text.slice(first.start, end);
    return { value, form: 'xml', recordCount: records };
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
function inheritedDeclarations(text: TextSource, region: DataStubsRegion): Map<string, string> {
  const needed = new Map<string, string>();
  const defaultNamespace = region.inScope.get('');
  if (defaultNamespace) needed.set('', defaultNamespace);
  const prefixes = [...region.inScope.keys()].filter((p) => p !== '');
  if (prefixes.length === 0) return needed;
  // One pass over the payload; a match inside text only adds a harmless extra declaration.
  const usage = new RegExp(`[<\\s](${prefixes.map(escapeRegExp).join('|')}):[^\\s=/>]`, 'g');
  // A text in pieces is searched piece by piece and across each seam, never joined whole.
  const reach = Math.max(...prefixes.map((prefix) => prefix.length)) + 2;
  const wanted = prefixes.length + (defaultNamespace ? 1 : 0);
  for (const window of textWindows(text, region.contentStart, region.contentEnd, reach)) {
    for (const match of window.matchAll(usage)) {
      const prefix = match[1] ?? '';
      const uri = region.inScope.get(prefix);
      if (uri !== undefined && !needed.has(prefix)) needed.set(prefix, uri);
      if (needed.size === wanted) return needed;
    }
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
