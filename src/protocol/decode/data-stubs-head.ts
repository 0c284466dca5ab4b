/**
 * The start of a DataStubs payload, read from the response's first text while the rest still
 * arrives. A large GetAssetStubs answer takes a while to arrive and then to check and decode
 * whole; its first lines can be shown long before. The head is unchecked: the decoded result
 * replaces it, and a malformed answer is reported as usual.
 *
 * The head is cut from the payload the way the whole decode extracts it (extractDataStubs), with
 * the namespace declarations it inherits from the envelope, so its text is where the decoded
 * payload starts. Only the literal-XML form is read ahead (the common one): a CDATA section or
 * escaped text gives no head, and neither does a payload no longer than the head, which the
 * whole decode delivers a moment later anyway.
 */
import { XmlReader, type XmlReadHandler } from '../../xml/reader/xml-reader.ts';
import { XmlSyntaxError } from '../../xml/reader/xml-syntax-error.ts';
import { decodeCharacterData } from '../../xml/reader/xml-values.ts';
import { OPERATIONS } from '../operations.ts';
import type { FieldsBeforeDataStubs } from '../types.ts';
import { extractDataStubs } from './data-stubs.ts';
import type { DataStubsRegion } from './scan-document.ts';
import { WarningSink } from './xml-text.ts';

/** Text before the DataStubs start tag that is searched before giving up (envelope, fields). */
const MAX_TEXT_BEFORE_PAYLOAD = 64 * 1024;

/** Where the head ends in the body's text, and the text received after it so far. */
export interface HeadCut {
  at: number;
  textAfter: string;
}

export interface DataStubsHeadWatcher {
  /** The body's next piece of text, in order. */
  push(piece: string): void;
}

function localName(text: string, nameStart: number, nameEnd: number): string {
  const colon = text.lastIndexOf(':', nameEnd);
  return text.slice(colon >= nameStart ? colon + 1 : nameStart, nameEnd);
}

function isDataStubs(text: string, nameStart: number, nameEnd: number): boolean {
  return localName(text, nameStart, nameEnd) === 'DataStubs';
}

/** The record's fields that the operation table puts before DataStubs (Success, ErrorMessage…). */
const RECORD_FIELDS = OPERATIONS.GetAssetStubs.result.fields;
const FIELDS_BEFORE: ReadonlySet<string> = new Set(
  RECORD_FIELDS.slice(
    0,
    RECORD_FIELDS.findIndex((field) => field.name === 'DataStubs'),
  ).map((field) => field.name),
);

/** A field element being read: its parent, and its text while it holds text only. */
interface FieldBeingRead {
  name: string;
  parent: number;
  raw: string;
  textOnly: boolean;
}

/**
 * Watches a body's text as it arrives and calls `onHead` at most once, with the start of the
 * DataStubs payload (its first `headChars` characters as sent, plus inherited namespace
 * declarations). The text goes through the console's XML reader as it arrives, so the head is cut from a
 * well-formed start; it gives up on a malformed one (the whole decode reports it). Stops as
 * soon as it has answered or given up, so its cost is bounded whatever the body's size.
 *
 * @example
 * const watcher = watchDataStubsHead(32_768, (head) => show(head));
 * for await (const piece of bodyText) watcher.push(piece);
 */
export function watchDataStubsHead(
  headChars: number,
  onHead: (head: string, fieldsBefore: FieldsBeforeDataStubs, cut: HeadCut) => void,
): DataStubsHeadWatcher {
  let text = '';
  let done = false;
  /** The DataStubs element once its start tag is read; the payload's first element after it. */
  let region: DataStubsRegion | null = null;
  let regionDepth = -1;
  let nameEnd = 0;
  // The open elements, outermost first, by number: their count is the depth, and the top is the
  // parent of what starts next (a field counts only beside DataStubs, in the same parent).
  const open: number[] = [];
  let elements = 0;
  let field: FieldBeingRead | null = null;
  const fieldsRead: Array<{ parent: number; name: string; value: string }> = [];
  let fieldsBefore: FieldsBeforeDataStubs = {};

  /** The element on top closes: a field read to its end is kept. */
  const closeElement = (): void => {
    const closed = open.pop();
    if (field && closed !== undefined && open.at(-1) === field.parent) {
      if (field.textOnly)
        fieldsRead.push({ parent: field.parent, name: field.name, value: field.raw });
      field = null;
    }
  };

  const handler: XmlReadHandler = {
    startTag(start, from, to) {
      nameEnd = to;
      const depth = open.length;
      const parent = open.at(-1) ?? -1;
      if (!region) {
        // An element inside a field: the field is not a plain value.
        if (field) field.textOnly = false;
        const name = localName(text, from, to);
        field = FIELDS_BEFORE.has(name) ? { name, parent, raw: '', textOnly: true } : null;
      }
      open.push(elements++);
      // Content before the payload's first element (text, CDATA) needs the whole decode.
      if (region && depth === regionDepth + 1 && region.topLevelElements.length === 0) {
        region.topLevelElements.push({ start, nameEnd: to, end: -1, attributes: '' });
      } else if (!region && isDataStubs(text, from, to)) {
        region = {
          qname: text.slice(from, to),
          tagStart: start,
          contentStart: -1,
          contentEnd: -1,
          selfClosing: false,
          inScope: reader.namespacesInScope(),
          topLevelElements: [],
          childNames: new Map(),
        };
        regionDepth = depth;
        field = null;
        const seen: Record<string, string> = {};
        for (const read of fieldsRead) if (read.parent === parent) seen[read.name] = read.value;
        fieldsBefore = seen;
      }
    },
    attribute() {},
    startTagEnd(tagEnd, selfClosing) {
      // An empty-element tag has no end tag: it closes here.
      if (selfClosing) closeElement();
      const first = region?.topLevelElements[0];
      if (region && region.contentStart < 0) {
        if (selfClosing) done = true;
        region.contentStart = tagEnd;
      } else if (first && first.end < 0) {
        first.end = tagEnd;
        first.attributes = text.slice(nameEnd, tagEnd - (selfClosing ? 2 : 1));
      }
    },
    endTag(start) {
      closeElement();
      const depth = open.length;
      // Its own end tag within the head: the payload is no longer than the head.
      if (region && depth === regionDepth && start - region.contentStart <= headChars) done = true;
    },
    text(start, end) {
      if (field) field.raw += decodeCharacterData(text.slice(start, end));
      if (region && region.contentStart >= 0 && region.topLevelElements.length === 0) {
        if (text.slice(start, end).trim() !== '') done = true;
      }
    },
    cdata() {
      if (field) field.textOnly = false;
      if (region && region.topLevelElements.length === 0) done = true;
    },
    comment() {
      if (region && region.topLevelElements.length === 0) done = true;
    },
    processingInstruction() {},
  };
  const reader = new XmlReader(handler, { onCharacterProblem: () => {} });

  const examine = (): void => {
    const found = region as DataStubsRegion | null;
    if (!found || found.contentStart < 0) {
      if (text.length > MAX_TEXT_BEFORE_PAYLOAD) done = true;
      return;
    }
    const first = found.topLevelElements[0];
    if (text.length - found.contentStart <= headChars || !first || first.end < 0) return;
    done = true;
    if (first.end > found.contentStart + headChars) return;
    found.contentEnd = found.contentStart + headChars;
    onHead(extractDataStubs(text, found, new WarningSink()).value, fieldsBefore, {
      at: found.contentEnd,
      textAfter: text.slice(found.contentEnd),
    });
  };

  return {
    push(piece) {
      if (done) return;
      text += piece;
      try {
        reader.write(piece);
      } catch (error) {
        if (!(error instanceof XmlSyntaxError)) throw error;
        done = true;
        return;
      }
      if (!done) examine();
    },
  };
}
