/**
 * One pass over a response (whole, or piece by piece as it arrives), through the console's one XML reader (src/xml/reader), that
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
import { XmlReader, type XmlReadHandler } from '../../xml/reader/xml-reader.ts';
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
  /**
   * The top-level elements' children by qualified name, with their counts: the records when
   * one root holds a list (see recordCount).
   */
  childNames: Map<string, number>;
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
  const scanner = new DocumentScanner(sink, isDataStubs);
  scanner.push(text);
  return scanner.finish();
}

/**
 * scanDocument fed piece by piece, as the body arrives: the same verdict, regions and warnings
 * (in the same order) whatever the cuts, so the scan is done by the time the last piece is.
 * After a refusal it ignores what follows and `finish` throws that refusal.
 *
 * @example
 * const scanner = new DocumentScanner(sink);
 * for (const piece of pieces) scanner.push(piece);
 * const { regions } = scanner.finish();
 */
export class DocumentScanner {
  readonly sink: WarningSink;
  private readonly scan: DocumentScan;
  private readonly reader: XmlReader;
  private failure: unknown = null;
  private finished = false;

  constructor(
    sink: WarningSink,
    isDataStubs: (localName: string) => boolean = (name) => name === 'DataStubs',
  ) {
    this.sink = sink;
    this.scan = new DocumentScan(sink, isDataStubs);
    this.reader = new XmlReader(this.scan, {
      maxDepth: MAX_DEPTH,
      onCharacterProblem: (problem) => warnCharacter(this.reader, problem, sink),
    });
    this.scan.reader = this.reader;
  }

  /** The document's next piece of text. */
  push(text: string): void {
    if (this.failure !== null || this.finished) return;
    try {
      this.reader.write(text);
    } catch (error) {
      this.failure = refusal(error);
    }
  }

  /**
   * Where the first DataStubs element's content ends (the `<` of its end tag) once that tag has
   * been read; -1 before, and after the document was found malformed.
   */
  dataStubsEnd(): number {
    if (this.failure !== null) return -1;
    return this.scan.regions[0]?.contentEnd ?? -1;
  }

  /** Ends the document. @throws {MalformedXml} when it is not well-formed. */
  finish(): { regions: DataStubsRegion[] } {
    if (!this.finished && this.failure === null) {
      try {
        this.reader.end();
      } catch (error) {
        this.failure = refusal(error);
      }
    }
    this.finished = true;
    if (this.failure !== null) throw this.failure;
    return { regions: this.scan.regions };
  }
}

/** What `finish` throws for an error met while reading: anything unforeseen is kept as is. */
function refusal(error: unknown): unknown {
  if (!(error instanceof XmlSyntaxError)) return error;
  if (error.kind === 'doctype') return new DoctypeRefused(error.offset);
  return new MalformedXml(error.message);
}

/**
 * The reader's handler for DocumentScanner. A class rather than an object of closures: its
 * methods are the same functions on every call, so the reader's calls into them stay optimized
 * from one response to the next. Ranges are read from the reader's buffer, which holds every
 * range reported during the call that reports it.
 */
class DocumentScan implements XmlReadHandler {
  readonly regions: DataStubsRegion[] = [];
  /** Set right after construction: the reader needs its handler first. */
  reader!: XmlReader;
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
    if (this.region) return;
    const text = this.reader.buffer;
    const base = this.reader.bufferStart;
    if (!text.startsWith('xmlns', from - base)) return;
    if (to !== from + 5 && text.charCodeAt(from + 5 - base) !== 58 /* : */) return;
    const prefix = to === from + 5 ? '' : this.reader.slice(from + 6, to);
    (this.tagDeclarations ??= []).push([
      prefix,
      decodeAttributeValue(this.reader.slice(valueStart, valueEnd), this.sink.references),
    ]);
  }

  startTagEnd(tagEnd: number, selfClosing: boolean): void {
    const region = this.region;
    if (region) {
      if (this.depth === this.regionDepth + 2) {
        const name = this.reader.slice(this.nameStart, this.nameEnd);
        region.childNames.set(name, (region.childNames.get(name) ?? 0) + 1);
      } else if (this.depth === this.regionDepth + 1) {
        region.topLevelElements.push({
          start: this.tagStart,
          nameEnd: this.nameEnd,
          end: tagEnd,
          attributes: this.reader.slice(this.nameEnd, tagEnd - (selfClosing ? 2 : 1)),
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
    const qname = this.reader.slice(this.nameStart, this.nameEnd);
    if (this.isDataStubs(localName(qname))) {
      const found: DataStubsRegion = {
        qname,
        tagStart: this.tagStart,
        contentStart: tagEnd,
        contentEnd: tagEnd,
        selfClosing,
        inScope: namespacesInScope(this.declarations),
        topLevelElements: [],
        childNames: new Map(),
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
    refuseDoctypeWithin(this.reader, start + 9, end - 3);
  }

  comment(start: number, end: number): void {
    refuseDoctypeWithin(this.reader, start + 4, end - 3);
  }

  processingInstruction(start: number, end: number): void {
    refuseDoctypeWithin(this.reader, start + 2, end - 2);
  }
}

/** The protocol keeps what XML cannot carry and says so (the reference server sends `&#x1;`). */
function warnCharacter(reader: XmlReader, problem: XmlSyntaxError, sink: WarningSink): void {
  const text = reader.buffer;
  const at = problem.offset - reader.bufferStart;
  if (text.charCodeAt(at) === 38 /* & */) {
    const end = text.indexOf(';', at);
    const reference = text.slice(at, end + 1);
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
    `The response contains the raw character U+${text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')} at line ${problem.line}, column ${problem.column}, which XML 1.0 does not allow; it was kept as is.`,
  );
}

/**
 * A DOCTYPE is refused anywhere, even as the text of a CDATA section, comment or processing
 * instruction, where a later consumer of that text could still meet it.
 */
function refuseDoctypeWithin(reader: XmlReader, start: number, end: number): void {
  const at = reader.slice(start, end).indexOf('<!DOCTYPE');
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
