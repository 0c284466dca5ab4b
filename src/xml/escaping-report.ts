/**
 * The escaping report of one analysis: text and CDATA that hold markup in escaped form, which
 * usually means XML was escaped once too often on its way into the payload.
 */
import { NextChar } from './next-char.ts';
import { decodeXmlEntities } from './xml-entities.ts';

export interface EscapingReport {
  /** Text nodes whose escaped form escapes an escape (`&amp;lt;`): decoding once still leaves `&lt;`. */
  doubleEscapedTextNodes: number;
  /** Text nodes that decode to markup (`&lt;Stub ...`): XML embedded as escaped text. */
  escapedMarkupTextNodes: number;
  /** CDATA sections that hold markup. */
  markupInCdataNodes: number;
  /** Source offset of the first node counted above, or -1. */
  firstOffset: number;
  /** No element at all, but the text decodes to markup: the whole payload is escaped once more. */
  payloadIsEscapedXml: boolean;
}

const MARKUP_IN_TEXT = /<[A-Za-z_/!?]/;
const ESCAPED_ESCAPE = /&amp;(?:lt|gt|amp|quot|apos|#)/;
const ESCAPED_MARKUP = /&lt;[A-Za-z_/!?]/;

/** Counts escaped markup node by node while the payload is read once, front to back. */
export class EscapingScanner {
  readonly report: EscapingReport = {
    doubleEscapedTextNodes: 0,
    escapedMarkupTextNodes: 0,
    markupInCdataNodes: 0,
    firstOffset: -1,
    payloadIsEscapedXml: false,
  };
  /** Finds the `&`s, so texts without one are never sliced. */
  private readonly nextAmp = new NextChar('&');

  /** A text node source[from, to), not whitespace only, at document offset `offset`. */
  text(source: string, from: number, to: number, offset: number): void {
    if (!this.nextAmp.in(source, from, to)) return;
    const raw = source.slice(from, to);
    if (ESCAPED_ESCAPE.test(raw)) {
      this.report.doubleEscapedTextNodes += 1;
      this.note(offset);
    } else if (
      // Only a reference can decode to "<": &lt; followed by a name start, or a character
      // reference, which the decoder is asked about.
      raw.indexOf('&#') === -1 && raw.indexOf('&lt;&') === -1
        ? ESCAPED_MARKUP.test(raw)
        : MARKUP_IN_TEXT.test(decodeXmlEntities(raw))
    ) {
      this.report.escapedMarkupTextNodes += 1;
      this.note(offset);
    }
  }

  /** A CDATA section source[from, to), `<![CDATA[` and `]]>` included, at `offset`. */
  cdata(source: string, from: number, to: number, offset: number): void {
    if (MARKUP_IN_TEXT.test(source.slice(from + 9, to - 3))) {
      this.report.markupInCdataNodes += 1;
      this.note(offset);
    }
  }

  /**
   * After the whole payload: a payload without elements may be one escaped document. `payload`
   * is asked for only then.
   */
  finish(topLevelElementCount: number, payload: () => string): EscapingReport {
    if (topLevelElementCount === 0) this.checkEscapedPayload(payload());
    return this.report;
  }

  private checkEscapedPayload(xml: string): void {
    if (xml.indexOf('&lt;') !== -1) {
      this.report.payloadIsEscapedXml = MARKUP_IN_TEXT.test(decodeXmlEntities(xml));
    }
  }

  private note(offset: number): void {
    if (this.report.firstOffset === -1) this.report.firstOffset = offset;
  }
}
