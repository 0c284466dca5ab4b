/**
 * The start of a DataStubs payload, read from the response's first bytes while the rest still
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
import { textDecoderFor } from '../transport.ts';
import { extractDataStubs } from './data-stubs.ts';
import { namespacesInScope, readDeclarations, type Declarations } from './scan-document.ts';
import { WarningSink } from './xml-text.ts';

/** Text before the DataStubs start tag that is searched before giving up (envelope, fields). */
const MAX_TEXT_BEFORE_PAYLOAD = 64 * 1024;
const START_TAG = /<(?:[A-Za-z_][\w.-]*:)?DataStubs(?:\s[^<>]*)?>/;
const END_TAG = /<\/(?:[A-Za-z_][\w.-]*:)?DataStubs\s*>/;
const MARKUP =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(\/?)([^\s<>/!?]+)([^<>]*?)(\/?)>/g;
const FIRST_ELEMENT = /\s*<([^\s<>/!?=]+)((?:\s+[^\s<>/=]+\s*=\s*(?:"[^<"]*"|'[^<']*'))*)\s*\/?>/y;

export interface DataStubsHeadWatcher {
  /** The next bytes of the body, in order. */
  push(chunk: Uint8Array): void;
}

/** The namespaces in scope at `end`, from the open start tags before it (the envelope's). */
function namespacesBefore(text: string, end: number): Map<string, string> {
  const open: Declarations[] = [];
  const sink = new WarningSink();
  for (const m of text.slice(0, end).matchAll(MARKUP)) {
    if (m[2] === undefined) continue;
    if (m[1]) open.pop();
    else if (!m[4]) open.push(readDeclarations(m[3] ?? '', sink));
  }
  return namespacesInScope(open);
}

/**
 * The head as the whole decode would begin it, or null when it cannot be cut faithfully: the
 * content must start with an element (a CDATA section, a comment or escaped text needs the whole
 * decode) whose start tag ends within the head.
 */
function cutHead(text: string, contentStart: number, headChars: number): string | null {
  const contentEnd = contentStart + headChars;
  FIRST_ELEMENT.lastIndex = contentStart;
  const first = FIRST_ELEMENT.exec(text);
  if (!first || FIRST_ELEMENT.lastIndex > contentEnd) return null;
  const start = text.indexOf('<', contentStart);
  const nameEnd = start + 1 + (first[1]?.length ?? 0);
  const region = {
    qname: 'DataStubs',
    tagStart: contentStart,
    contentStart,
    contentEnd,
    selfClosing: false,
    inScope: namespacesBefore(text, contentStart),
    topLevelElements: [
      { start, nameEnd, end: FIRST_ELEMENT.lastIndex, attributes: first[2] ?? '' },
    ],
  };
  return extractDataStubs(text, region, new WarningSink()).value;
}

/**
 * Watches a body's bytes and calls `onHead` at most once, with the start of the DataStubs
 * payload (its first `headChars` characters as sent, plus inherited namespace declarations).
 * Stops decoding as soon as it has answered or given up, so its cost is bounded whatever the
 * body's size.
 *
 * @example
 * const watcher = watchDataStubsHead('text/xml; charset=utf-8', 32_768, (head) => show(head));
 * for await (const chunk of body) watcher.push(chunk);
 */
export function watchDataStubsHead(
  contentType: string | undefined,
  headChars: number,
  onHead: (head: string) => void,
): DataStubsHeadWatcher {
  const decoder = textDecoderFor(contentType);
  let text = '';
  let contentStart = -1;
  let done = false;

  const examine = (): void => {
    if (contentStart < 0) {
      const tag = START_TAG.exec(text);
      if (!tag) {
        if (text.length > MAX_TEXT_BEFORE_PAYLOAD) done = true;
        return;
      }
      if (tag[0].endsWith('/>')) {
        done = true;
        return;
      }
      contentStart = tag.index + tag[0].length;
    }
    if (text.length - contentStart <= headChars) return;
    done = true;
    // Its own end tag inside the head means the payload is no longer than the head.
    if (END_TAG.test(text.slice(contentStart, contentStart + headChars))) return;
    const head = cutHead(text, contentStart, headChars);
    if (head !== null) onHead(head);
  };

  return {
    push(chunk) {
      if (done) return;
      text += decoder.decode(chunk, { stream: true });
      examine();
    },
  };
}
