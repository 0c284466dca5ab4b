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
  const scan = new DocumentScan(text, sink, isDataStubs);
  try {
    readXml(text, scan, {
      maxDepth: MAX_DEPTH,
      onCharacterProblem: (problem) => warnCharacter(text, problem, sink),
    });
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    if (error.kind === 'doctype') throw new DoctypeRefused(error.offset);
    throw new MalformedXml(error.message);
  }
  return { regions: scan.regions };
}

/**
 * The reader's handler for scanDocument. A class rather than an object of closures: its methods
 * are the same functions on every call, so the reader's calls into them stay optimized from one
 * response to the next.
 */
class DocumentScan implements XmlReadHandler {
  readonly regions: DataStubsRegion[] = [];
  /** Namespace declarations of the open elements outside DataStubs. */
  private readonly declarations: Declarations[] = [];
  private depth = 0;
  private region: DataStubsRegion | null = null;
  private regionDepth = -1;
  // The start tag being read.
  private tagStart = 0;
  private nameStart = 0;
  private nameEnd = 0;
  private tagDeclarations: Array<[string, string]> | null = null;

  constructor(
    private readonly source: string,
    private readonly sink: WarningSink,
    private readonly isDataStubs: (localName: string) => boolean,
  ) {}

  startTag(start: number, from: number, to: number): void {
    this.tagStart = start;
    this.nameStart = from;
    this.nameEnd = to;
    this.tagDeclarations = null;
  }

  attribute(from: number, to: number, valueStart: number, valueEnd: number): void {
    const text = this.source;
    if (this.region || !text.startsWith('xmlns', from)) return;
    if (to !== from + 5 && text.charCodeAt(from + 5) !== 58 /* : */) return;
    const prefix = to === from + 5 ? '' : text.slice(from + 6, to);
    (this.tagDeclarations ??= []).push([
      prefix,
      decodeAttributeValue(text.slice(valueStart, valueEnd), this.sink.references),
    ]);
  }

  startTagEnd(tagEnd: number, selfClosing: boolean): void {
    const region = this.region;
    if (region) {
      if (this.depth === this.regionDepth + 1) {
        region.topLevelElements.push({
          start: this.tagStart,
          nameEnd: this.nameEnd,
          end: tagEnd,
          attributes: this.source.slice(this.nameEnd, tagEnd - (selfClosing ? 2 : 1)),
        });
      }
    } else {
      this.envelopeStartTag(tagEnd, selfClosing);
    }
    if (!selfClosing) this.depth += 1;
  }

  private envelopeStartTag(tagEnd: number, selfClosing: boolean): void {
    if (this.depth >= MAX_ENVELOPE_DEPTH) {
      throw new MalformedXml(
        `nesting deeper than ${MAX_ENVELOPE_DEPTH} outside DataStubs`,
        this.tagStart,
      );
    }
    this.declarations.push(this.tagDeclarations);
    const qname = this.source.slice(this.nameStart, this.nameEnd);
    if (this.isDataStubs(localName(qname))) {
      const found: DataStubsRegion = {
        qname,
        tagStart: this.tagStart,
        contentStart: tagEnd,
        contentEnd: tagEnd,
        selfClosing,
        inScope: namespacesInScope(this.declarations),
        topLevelElements: [],
      };
      if (selfClosing) this.regions.push(found);
      else {
        this.region = found;
        this.regionDepth = this.depth;
      }
    }
    if (selfClosing) this.declarations.pop();
  }

  endTag(start: number): void {
    this.depth -= 1;
    const region = this.region;
    if (region && this.depth === this.regionDepth) {
      region.contentEnd = start;
      this.regions.push(region);
      this.region = null;
      this.regionDepth = -1;
    }
    if (!this.region && this.declarations.length > this.depth) this.declarations.pop();
  }

  text(): void {}

  cdata(start: number, end: number): void {
    refuseDoctypeWithin(this.source, start + 9, end - 3);
  }

  comment(start: number, end: number): void {
    refuseDoctypeWithin(this.source, start + 4, end - 3);
  }

  processingInstruction(start: number, end: number): void {
    refuseDoctypeWithin(this.source, start + 2, end - 2);
  }
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
