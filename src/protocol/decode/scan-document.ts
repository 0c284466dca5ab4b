/**
 * One fast pass over a whole response that checks it is well-formed XML 1.0 and finds every
 * DataStubs element, without building any tree. The DataStubs payload is most of a large
 * response; building objects for tens of thousands of stubs only to serialize them again would
 * cost many times the parse, so the payload is kept as the exact substring the server sent and
 * only the small envelope around it is handed to fast-xml-parser (see decode-response.ts).
 *
 * Checked: one root element, tags balanced and named alike, attribute syntax, references (the
 * five predefined entities and character references only), comments, CDATA, processing
 * instructions, no DOCTYPE anywhere (not even inside CDATA, comments or PIs).
 * Not checked: attribute uniqueness and namespace well-formedness (a later XML parser reports
 * those with a precise position).
 */
import { isXmlChar } from '../../xml/reader/xml-chars.ts';
import { MalformedXml } from './malformed-xml.ts';
import { characterReferenceCodePoint, decodeXmlText, type WarningSink } from './xml-text.ts';

/** Where one DataStubs element's content lies in the text, and what it needs from its context. */
export interface DataStubsRegion {
  /** Qualified name as written, e.g. `DataStubs` or `i:DataStubs`. */
  qname: string;
  /** Index of the `<` of the start tag. */
  tagStart: number;
  /** Index just after the start tag's `>`: the content starts here. */
  contentStart: number;
  /** Index of the `</` of the end tag (equals contentStart for `<DataStubs/>`). */
  contentEnd: number;
  selfClosing: boolean;
  /** Namespace declarations in scope on the DataStubs element; key '' is the default namespace. */
  inScope: Map<string, string>;
  /** The content's top-level elements: where each start tag's name ends, and its attributes. */
  topLevelElements: Array<{ start: number; nameEnd: number; end: number; attributes: string }>;
}

export class DoctypeRefused extends MalformedXml {
  constructor(position: number) {
    super('a DOCTYPE declaration, which this client refuses (entity expansion risk)', position);
  }
}

const START_TAG = /[^\s<>/=!?"'&;]+(?:\s+[^\s<>/=!?"'&;]+\s*=\s*(?:"[^<"]*"|'[^<']*'))*\s*\/?>/y;
const ATTRIBUTE = /([^\s<>/=!?"'&;]+)\s*=\s*(?:"([^<"]*)"|'([^<']*)')/g;
// Control characters only: U+FFFE/U+FFFF would double the cost of this pass for a case no
// server produces; they pass through as text.
// eslint-disable-next-line no-control-regex -- finding these control characters is the point
const RAW_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const WHITESPACE_ONLY = /^[ \t\r\n]*$/;
const MAX_DEPTH = 4096;
// The envelope goes to fast-xml-parser, whose work per tag grows with depth: keep it shallow.
export const MAX_ENVELOPE_DEPTH = 256;

function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon < 0 ? qname : qname.slice(colon + 1);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

export type Declarations = Array<[prefix: string, uri: string]> | null;

/**
 * Scans `text`; throws MalformedXml (or DoctypeRefused) when it is not well-formed.
 *
 * @example
 * scanDocument('<a><DataStubs><x/></DataStubs></a>', new WarningSink()).regions[0]?.contentStart; // 14
 */
export function scanDocument(
  text: string,
  sink: WarningSink,
  isDataStubs: (localName: string) => boolean = (name) => name === 'DataStubs',
): { regions: DataStubsRegion[] } {
  const regions: DataStubsRegion[] = [];
  // Open elements, as positions of their names in the text (no strings are made for the
  // payload's tags), and the namespace declarations of those outside DataStubs.
  const nameStarts: number[] = [];
  const nameEnds: number[] = [];
  const declarations: Declarations[] = [];
  const depth = (): number => nameStarts.length;
  const openName = (index: number): string =>
    text.slice(nameStarts[index] ?? 0, nameEnds[index] ?? 0);
  let region: DataStubsRegion | null = null;
  let regionDepth = -1;
  let rootSeen = false;
  let pos = 0;
  let nextAmp = text.indexOf('&');
  const length = text.length;

  const raw = RAW_FORBIDDEN.exec(text);
  if (raw) {
    sink.add(
      'invalid-character',
      `The response contains the raw character U+${text.charCodeAt(raw.index).toString(16).toUpperCase().padStart(4, '0')} at offset ${raw.index}, which XML 1.0 does not allow; it was kept as is.`,
    );
  }

  // Every & up to `upTo` must start a predefined entity or a character reference.
  const checkReferences = (upTo: number): void => {
    while (nextAmp !== -1 && nextAmp < upTo) {
      const at = nextAmp;
      const c1 = text.charCodeAt(at + 1);
      let end = -1;
      if (c1 === 97 /* a */) {
        if (text.startsWith('amp;', at + 1)) end = at + 4;
        else if (text.startsWith('apos;', at + 1)) end = at + 5;
      } else if ((c1 === 108 /* l */ || c1 === 103) /* g */ && text.charCodeAt(at + 2) === 116) {
        if (text.charCodeAt(at + 3) === 59) end = at + 3;
      } else if (c1 === 113 /* q */ && text.startsWith('quot;', at + 1)) {
        end = at + 5;
      }
      if (end < 0) {
        const semicolon = text.indexOf(';', at + 1);
        if (semicolon < 0 || semicolon > at + 40 || semicolon > upTo) {
          throw new MalformedXml('a bare & (not a reference)', at);
        }
        const name = text.slice(at + 1, semicolon);
        const codePoint = characterReferenceCodePoint(name);
        if (codePoint === null) throw new MalformedXml(`the undeclared entity &${name};`, at);
        if (!isXmlChar(codePoint)) sink.invalidReference(`&${name};`, codePoint);
        end = semicolon;
      }
      nextAmp = text.indexOf('&', end + 1);
    }
  };

  const skipTo = (end: number): void => {
    pos = end;
    if (nextAmp !== -1 && nextAmp < pos) nextAmp = text.indexOf('&', pos);
  };

  while (pos < length) {
    const lt = text.indexOf('<', pos);
    const segmentEnd = lt < 0 ? length : lt;
    if (depth() === 0 && segmentEnd > pos && !WHITESPACE_ONLY.test(text.slice(pos, segmentEnd))) {
      throw new MalformedXml('text outside the root element', pos);
    }
    checkReferences(segmentEnd);
    if (lt < 0) break;
    const c1 = text.charCodeAt(lt + 1);

    if (c1 === 47 /* / */) {
      const start = nameStarts.pop();
      const end = nameEnds.pop();
      let after = -1;
      if (start !== undefined && end !== undefined) {
        after = lt + 2;
        for (let k = start; k < end; k += 1, after += 1) {
          if (text.charCodeAt(after) !== text.charCodeAt(k)) {
            after = -1;
            break;
          }
        }
      }
      while (after > 0 && isSpace(text.charCodeAt(after))) after += 1;
      if (after < 0 || text.charCodeAt(after) !== 62 /* > */) {
        const gt = text.indexOf('>', lt);
        const found = text.slice(lt + 2, gt < 0 ? lt + 40 : gt).trim();
        throw new MalformedXml(
          start === undefined
            ? `a stray </${found}>`
            : `</${found}> where </${text.slice(start, end)}> was expected`,
          lt,
        );
      }
      if (declarations.length > depth()) declarations.pop();
      if (region && depth() === regionDepth) {
        region.contentEnd = lt;
        regions.push(region);
        region = null;
        regionDepth = -1;
      }
      skipTo(after + 1);
      continue;
    }

    if (c1 === 33 /* ! */) {
      if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end < 0) throw new MalformedXml('an unclosed comment', lt);
        refuseDoctypeWithin(text, lt + 4, end);
        skipTo(end + 3);
      } else if (text.startsWith('<![CDATA[', lt)) {
        if (depth() === 0) throw new MalformedXml('CDATA outside the root element', lt);
        const end = text.indexOf(']]>', lt + 9);
        if (end < 0) throw new MalformedXml('an unclosed CDATA section', lt);
        refuseDoctypeWithin(text, lt + 9, end);
        skipTo(end + 3);
      } else if (text.startsWith('<!DOCTYPE', lt)) {
        throw new DoctypeRefused(lt);
      } else {
        throw new MalformedXml('an unknown <! construct', lt);
      }
      continue;
    }

    if (c1 === 63 /* ? */) {
      const end = text.indexOf('?>', lt + 2);
      if (end < 0) throw new MalformedXml('an unclosed processing instruction', lt);
      const target = /^[^\s?]*/.exec(text.slice(lt + 2, end))?.[0] ?? '';
      if (target === '' || (target.toLowerCase() === 'xml' && lt !== 0)) {
        throw new MalformedXml(`a misplaced <?${target}`, lt);
      }
      refuseDoctypeWithin(text, lt + 2, end);
      skipTo(end + 2);
      continue;
    }

    START_TAG.lastIndex = lt + 1;
    if (!START_TAG.test(text)) throw new MalformedXml('a malformed tag', lt);
    const tagEnd = START_TAG.lastIndex;
    const selfClosing = text.charCodeAt(tagEnd - 2) === 47; /* / */
    let nameEnd = lt + 2;
    for (;;) {
      const code = text.charCodeAt(nameEnd);
      if (code === 32 || code === 62 || code === 47 || code === 9 || code === 10 || code === 13)
        break;
      nameEnd += 1;
    }
    const attributesEnd = tagEnd - (selfClosing ? 2 : 1);
    if (depth() === 0) {
      if (rootSeen) throw new MalformedXml('a second root element', lt);
      rootSeen = true;
    }
    if (nameEnd < attributesEnd) checkReferences(tagEnd);

    if (region) {
      if (depth() === regionDepth + 1) {
        region.topLevelElements.push({
          start: lt,
          nameEnd,
          end: tagEnd,
          attributes: text.slice(nameEnd, attributesEnd),
        });
      }
      if (!selfClosing) {
        nameStarts.push(lt + 1);
        nameEnds.push(nameEnd);
      }
    } else {
      const qname = text.slice(lt + 1, nameEnd);
      const declared =
        nameEnd < attributesEnd ? readDeclarations(text.slice(nameEnd, attributesEnd), sink) : null;
      if (depth() >= MAX_ENVELOPE_DEPTH) {
        throw new MalformedXml(`nesting deeper than ${MAX_ENVELOPE_DEPTH} outside DataStubs`, lt);
      }
      nameStarts.push(lt + 1);
      nameEnds.push(nameEnd);
      declarations.push(declared);
      if (isDataStubs(localName(qname))) {
        const found: DataStubsRegion = {
          qname,
          tagStart: lt,
          contentStart: tagEnd,
          contentEnd: tagEnd,
          selfClosing,
          inScope: namespacesInScope(declarations),
          topLevelElements: [],
        };
        if (selfClosing) regions.push(found);
        else {
          region = found;
          regionDepth = depth() - 1;
        }
      }
      if (selfClosing) {
        nameStarts.pop();
        nameEnds.pop();
        declarations.pop();
      }
    }
    if (depth() > MAX_DEPTH) throw new MalformedXml(`nesting deeper than ${MAX_DEPTH}`, lt);
    skipTo(tagEnd);
  }

  if (depth() > 0) {
    throw new MalformedXml(`the document ends inside <${openName(depth() - 1)}>`);
  }
  if (!rootSeen) throw new MalformedXml('no root element');
  return { regions };
}

/**
 * A DOCTYPE is refused anywhere, even as the text of a CDATA section, comment or processing
 * instruction, where a later consumer of that text could still meet it.
 */
function refuseDoctypeWithin(text: string, start: number, end: number): void {
  const at = text.slice(start, end).indexOf('<!DOCTYPE');
  if (at >= 0) throw new DoctypeRefused(start + at);
}

/** The namespace declarations among a start tag's attributes, or null. */
export function readDeclarations(attributes: string, sink: WarningSink): Declarations {
  if (attributes.indexOf('xmlns') < 0) return null;
  const found: Array<[string, string]> = [];
  for (const m of attributes.matchAll(ATTRIBUTE)) {
    const name = m[1] ?? '';
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    const value = decodeXmlText(m[2] ?? m[3] ?? '', sink);
    found.push([name === 'xmlns' ? '' : name.slice(6), value]);
  }
  return found.length > 0 ? found : null;
}

/** The namespaces in scope under a stack of open elements' declarations. */
export function namespacesInScope(stack: readonly Declarations[]): Map<string, string> {
  const scope = new Map<string, string>();
  for (const declared of stack) {
    for (const [prefix, uri] of declared ?? []) scope.set(prefix, uri);
  }
  return scope;
}
