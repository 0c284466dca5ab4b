/**
 * One pass over a whole response, through the console's one XML reader (src/xml/reader), that
 * checks it is well-formed (XML 1.0 and Namespaces 1.0, no DTD) and finds every DataStubs
 * element, without building any tree. The DataStubs payload is most of a large response;
 * building objects for tens of thousands of stubs only to serialize them again would cost many
 * times the parse, so the payload is kept as the exact substring the server sent and only the
 * small envelope around it is handed to fast-xml-parser (see decode-response.ts).
 *
 * The protocol's own terms on top of the reader's verdict: characters XML cannot carry (the
 * reference server writes U+0001 as `&#x1;`) are warned about and kept; a DOCTYPE is refused,
 * even as the text of a CDATA section, comment or processing instruction; the envelope outside
 * DataStubs nests at most MAX_ENVELOPE_DEPTH deep.
 */
import { readXml, type XmlReadHandler } from '../../xml/reader/xml-reader.ts';
import { XmlSyntaxError } from '../../xml/reader/xml-syntax-error.ts';
import { decodeAttributeValue } from '../../xml/reader/xml-values.ts';
import { MalformedXml } from './malformed-xml.ts';
import type { WarningSink } from './xml-text.ts';

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

const MAX_DEPTH = 4096;
// The envelope goes to fast-xml-parser, whose work per tag grows with depth: keep it shallow.
export const MAX_ENVELOPE_DEPTH = 256;

function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon < 0 ? qname : qname.slice(colon + 1);
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
  // Namespace declarations of the open elements outside DataStubs.
  const declarations: Declarations[] = [];
  let depth = 0;
  let region: DataStubsRegion | null = null;
  let regionDepth = -1;
  // The start tag being read.
  let tagStart = 0;
  let nameStart = 0;
  let nameEnd = 0;
  let attributesStart = -1;
  let tagDeclarations: Array<[string, string]> | null = null;

  const handler: XmlReadHandler = {
    startTag(start, from, to) {
      tagStart = start;
      nameStart = from;
      nameEnd = to;
      attributesStart = -1;
      tagDeclarations = null;
    },
    attribute(from, to, valueStart, valueEnd) {
      if (attributesStart < 0) attributesStart = nameEnd;
      if (region || !text.startsWith('xmlns', from)) return;
      if (to !== from + 5 && text.charCodeAt(from + 5) !== 58 /* : */) return;
      const prefix = to === from + 5 ? '' : text.slice(from + 6, to);
      (tagDeclarations ??= []).push([
        prefix,
        decodeAttributeValue(text.slice(valueStart, valueEnd), sink.references),
      ]);
    },
    startTagEnd(tagEnd, selfClosing) {
      const attributes = text.slice(nameEnd, tagEnd - (selfClosing ? 2 : 1));
      if (region) {
        if (depth === regionDepth + 1) {
          region.topLevelElements.push({ start: tagStart, nameEnd, end: tagEnd, attributes });
        }
      } else {
        if (depth >= MAX_ENVELOPE_DEPTH) {
          throw new MalformedXml(
            `nesting deeper than ${MAX_ENVELOPE_DEPTH} outside DataStubs`,
            tagStart,
          );
        }
        declarations.push(tagDeclarations);
        const qname = text.slice(nameStart, nameEnd);
        if (isDataStubs(localName(qname))) {
          const found: DataStubsRegion = {
            qname,
            tagStart,
            contentStart: tagEnd,
            contentEnd: tagEnd,
            selfClosing,
            inScope: namespacesInScope(declarations),
            topLevelElements: [],
          };
          if (selfClosing) regions.push(found);
          else {
            region = found;
            regionDepth = depth;
          }
        }
        if (selfClosing) declarations.pop();
      }
      if (!selfClosing) depth += 1;
    },
    endTag(start) {
      depth -= 1;
      if (region && depth === regionDepth) {
        region.contentEnd = start;
        regions.push(region);
        region = null;
        regionDepth = -1;
      }
      if (!region && declarations.length > depth) declarations.pop();
    },
    text() {},
    cdata(start, end) {
      refuseDoctypeWithin(text, start + 9, end - 3);
    },
    comment(start, end) {
      refuseDoctypeWithin(text, start + 4, end - 3);
    },
    processingInstruction(start, end) {
      refuseDoctypeWithin(text, start + 2, end - 2);
    },
  };

  try {
    readXml(text, handler, {
      maxDepth: MAX_DEPTH,
      onCharacterProblem: (problem) => warnCharacter(text, problem, sink),
    });
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    if (error.kind === 'doctype') throw new DoctypeRefused(error.offset);
    throw new MalformedXml(error.message);
  }
  return { regions };
}

/** The protocol keeps what XML cannot carry and says so (the reference server sends `&#x1;`). */
function warnCharacter(text: string, problem: XmlSyntaxError, sink: WarningSink): void {
  if (text.charCodeAt(problem.offset) === 38 /* & */) {
    const end = text.indexOf(';', problem.offset);
    const reference = text.slice(problem.offset, end + 1);
    const body = reference.slice(2, -1);
    const codePoint =
      body.charCodeAt(0) === 120 /* x */
        ? Number.parseInt(body.slice(1), 16)
        : Number.parseInt(body, 10);
    sink.invalidReference(reference, codePoint);
    return;
  }
  sink.add(
    'invalid-character',
    `The response contains the raw character U+${text.charCodeAt(problem.offset).toString(16).toUpperCase().padStart(4, '0')} at line ${problem.line}, column ${problem.column}, which XML 1.0 does not allow; it was kept as is.`,
  );
}

/**
 * A DOCTYPE is refused anywhere, even as the text of a CDATA section, comment or processing
 * instruction, where a later consumer of that text could still meet it.
 */
function refuseDoctypeWithin(text: string, start: number, end: number): void {
  const at = text.slice(start, end).indexOf('<!DOCTYPE');
  if (at >= 0) throw new DoctypeRefused(start + at);
}

/** The namespaces in scope under a stack of open elements' declarations. */
export function namespacesInScope(stack: readonly Declarations[]): Map<string, string> {
  const scope = new Map<string, string>();
  for (const declared of stack) {
    for (const [prefix, uri] of declared ?? []) scope.set(prefix, uri);
  }
  return scope;
}
