/**
 * One fast pass over a whole response that checks it is well-formed XML 1.0 and finds every
 * DataStubs element, without building any tree. The DataStubs payload is most of a large
 * response; building objects for tens of thousands of stubs only to serialize them again would
 * cost many times the parse, so the payload is kept as the exact substring the server sent and
 * only the small envelope around it is handed to fast-xml-parser (see decode-response.ts).
 *
 * Checked: one root element, tags balanced and named alike, attribute syntax, references (the
 * five predefined entities and character references only), comments, CDATA, processing
 * instructions, no DOCTYPE anywhere. Not checked: attribute uniqueness and namespace
 * well-formedness (a later XML parser reports those with a precise position).
 */
import { isXmlChar } from '../xml-chars.ts';
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
  /** Prefixes used by names inside the content ('' for unprefixed element names). */
  prefixesUsed: Set<string>;
  /** The content's top-level elements: where each start tag's name ends, and its attributes. */
  topLevelElements: Array<{ start: number; nameEnd: number; attributes: string }>;
}

export class DoctypeRefused extends MalformedXml {
  constructor(position: number) {
    super('a DOCTYPE declaration, which this client refuses (entity expansion risk)', position);
  }
}

const START_TAG =
  /([^\s<>/=!?"'&;]+)((?:\s+[^\s<>/=!?"'&;]+\s*=\s*(?:"[^<"]*"|'[^<']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s<>/=!?"'&;]+)\s*=\s*(?:"([^<"]*)"|'([^<']*)')/g;
const PREFIXED_ATTRIBUTE_NAME = /(?:^|\s)([^\s="'<>:]+):[^\s="'<>]+\s*=/g;
// eslint-disable-next-line no-control-regex -- finding these control characters is the point
const RAW_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const WHITESPACE_ONLY = /^[ \t\r\n]*$/;
const MAX_DEPTH = 4096;

function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon < 0 ? qname : qname.slice(colon + 1);
}

interface Frame {
  qname: string;
  declarations: Array<[prefix: string, uri: string]> | null;
}

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
  const stack: Frame[] = [];
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

  const checkReferences = (upTo: number): void => {
    while (nextAmp !== -1 && nextAmp < upTo) {
      const semicolon = text.indexOf(';', nextAmp + 1);
      if (semicolon < 0 || semicolon > nextAmp + 12 || semicolon > upTo) {
        throw new MalformedXml('a bare & (not a reference)', nextAmp);
      }
      const name = text.slice(nextAmp + 1, semicolon);
      if (name !== 'amp' && name !== 'lt' && name !== 'gt' && name !== 'quot' && name !== 'apos') {
        const codePoint = characterReferenceCodePoint(name);
        if (codePoint === null) throw new MalformedXml(`the undeclared entity &${name};`, nextAmp);
        if (!isXmlChar(codePoint)) sink.invalidReference(`&${name};`, codePoint);
      }
      nextAmp = text.indexOf('&', semicolon + 1);
    }
  };

  const skipTo = (end: number): void => {
    pos = end;
    if (nextAmp !== -1 && nextAmp < pos) nextAmp = text.indexOf('&', pos);
  };

  const topLevelText = (from: number, to: number): void => {
    if (stack.length === 0 && to > from && !WHITESPACE_ONLY.test(text.slice(from, to))) {
      throw new MalformedXml('text outside the root element', from);
    }
  };

  while (pos < length) {
    const lt = text.indexOf('<', pos);
    const segmentEnd = lt < 0 ? length : lt;
    topLevelText(pos, segmentEnd);
    checkReferences(segmentEnd);
    if (lt < 0) break;
    const c1 = text.charCodeAt(lt + 1);

    if (c1 === 47 /* / */) {
      const gt = text.indexOf('>', lt + 2);
      if (gt < 0) throw new MalformedXml('an unclosed end tag', lt);
      const qname = text.slice(lt + 2, gt).trimEnd();
      const frame = stack.pop();
      if (!frame || frame.qname !== qname) {
        throw new MalformedXml(
          frame ? `</${qname}> where </${frame.qname}> was expected` : `a stray </${qname}>`,
          lt,
        );
      }
      if (region && stack.length === regionDepth) {
        region.contentEnd = lt;
        regions.push(region);
        region = null;
        regionDepth = -1;
      }
      skipTo(gt + 1);
      continue;
    }

    if (c1 === 33 /* ! */) {
      if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end < 0) throw new MalformedXml('an unclosed comment', lt);
        skipTo(end + 3);
      } else if (text.startsWith('<![CDATA[', lt)) {
        if (stack.length === 0) throw new MalformedXml('CDATA outside the root element', lt);
        const end = text.indexOf(']]>', lt + 9);
        if (end < 0) throw new MalformedXml('an unclosed CDATA section', lt);
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
      skipTo(end + 2);
      continue;
    }

    START_TAG.lastIndex = lt + 1;
    const match = START_TAG.exec(text);
    if (!match) throw new MalformedXml('a malformed tag', lt);
    const qname = match[1] ?? '';
    const attributes = match[2] ?? '';
    const selfClosing = match[3] === '/';
    const tagEnd = START_TAG.lastIndex;
    if (stack.length === 0) {
      if (rootSeen) throw new MalformedXml('a second root element', lt);
      rootSeen = true;
    }
    if (attributes.length > 0) checkReferences(tagEnd);

    if (region) {
      if (stack.length === regionDepth + 1) {
        region.topLevelElements.push({ start: lt, nameEnd: lt + 1 + qname.length, attributes });
      }
      const colon = qname.indexOf(':');
      region.prefixesUsed.add(colon < 0 ? '' : qname.slice(0, colon));
      if (attributes.length > 0 && attributes.indexOf(':') >= 0) {
        PREFIXED_ATTRIBUTE_NAME.lastIndex = 0;
        for (const m of attributes.matchAll(PREFIXED_ATTRIBUTE_NAME)) {
          region.prefixesUsed.add(m[1] ?? '');
        }
      }
      if (!selfClosing) stack.push({ qname, declarations: null });
    } else {
      const declarations = attributes.length > 0 ? readDeclarations(attributes, sink) : null;
      const frame: Frame = { qname, declarations };
      if (isDataStubs(localName(qname))) {
        stack.push(frame);
        const inScope = namespacesInScope(stack);
        const found: DataStubsRegion = {
          qname,
          tagStart: lt,
          contentStart: tagEnd,
          contentEnd: tagEnd,
          selfClosing,
          inScope,
          prefixesUsed: new Set(),
          topLevelElements: [],
        };
        if (selfClosing) {
          stack.pop();
          regions.push(found);
        } else {
          region = found;
          regionDepth = stack.length - 1;
        }
      } else if (!selfClosing) {
        stack.push(frame);
      }
    }
    if (stack.length > MAX_DEPTH) throw new MalformedXml(`nesting deeper than ${MAX_DEPTH}`, lt);
    skipTo(tagEnd);
  }

  if (stack.length > 0) {
    throw new MalformedXml(`the document ends inside <${stack[stack.length - 1]?.qname ?? ''}>`);
  }
  if (!rootSeen) throw new MalformedXml('no root element');
  return { regions };
}

function readDeclarations(
  attributes: string,
  sink: WarningSink,
): Array<[prefix: string, uri: string]> | null {
  if (attributes.indexOf('xmlns') < 0) return null;
  const declarations: Array<[string, string]> = [];
  for (const m of attributes.matchAll(ATTRIBUTE)) {
    const name = m[1] ?? '';
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    const value = decodeXmlText(m[2] ?? m[3] ?? '', sink);
    declarations.push([name === 'xmlns' ? '' : name.slice(6), value]);
  }
  return declarations.length > 0 ? declarations : null;
}

function namespacesInScope(stack: readonly Frame[]): Map<string, string> {
  const scope = new Map<string, string>();
  for (const frame of stack) {
    for (const [prefix, uri] of frame.declarations ?? []) scope.set(prefix, uri);
  }
  return scope;
}
