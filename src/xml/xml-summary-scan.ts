/**
 * The summary of a text (`XmlSummary`), read by the console's one XML reader (as element content:
 * several top-level elements are allowed), in slices, with no tree, so it stays cheap on
 * multi-megabyte DataStubs and says "not well-formed" exactly when every other tab does.
 */
import { XmlReader, type XmlReadHandler } from './reader/xml-reader.ts';
import { XmlSyntaxError } from './reader/xml-syntax-error.ts';
import type { XmlSummary } from './xml-summary.ts';

/**
 * A summary scan that can stop and resume, so a page can count a 50 MB payload in slices
 * between frames instead of in one long task.
 * @example const scan = new XmlSummaryScan(xml); while (!scan.step(1_000_000)); scan.result();
 */
export class XmlSummaryScan {
  private readonly topLevel = new Map<string, number>();
  private readonly children = new Map<string, number>();
  private depth = 0;
  private wellFormed = true;
  private i = 0;
  private done = false;
  private readonly reader: XmlReader;

  constructor(private readonly text: string) {
    const handler: XmlReadHandler = {
      startTag: (_start, nameStart, nameEnd) => {
        const counts = this.depth === 0 ? this.topLevel : this.depth === 1 ? this.children : null;
        if (!counts) return;
        const name = this.reader.slice(nameStart, nameEnd);
        counts.set(name, (counts.get(name) ?? 0) + 1);
      },
      attribute() {},
      startTagEnd: (_end, selfClosing) => {
        if (!selfClosing) this.depth += 1;
      },
      endTag: () => {
        this.depth -= 1;
      },
      text() {},
      cdata() {},
      comment() {},
      processingInstruction() {},
    };
    this.reader = new XmlReader(handler, { fragment: true, onCharacterProblem: () => {} });
  }

  /** Scans about `budget` more characters; true when the whole text has been read. */
  step(budget: number): boolean {
    if (this.done) return true;
    const { text } = this;
    const end = Math.min(text.length, this.i + budget);
    try {
      this.reader.write(this.i === 0 && end === text.length ? text : text.slice(this.i, end));
      this.i = end;
      if (end >= text.length) {
        this.reader.end();
        this.done = true;
      }
    } catch (error) {
      if (!(error instanceof XmlSyntaxError)) throw error;
      this.wellFormed = false;
      this.done = true;
    }
    return this.done;
  }

  result(): XmlSummary {
    const singleRoot = this.topLevel.size === 1 && [...this.topLevel.values()][0] === 1;
    const source = singleRoot ? this.children : this.topLevel;
    return {
      root: singleRoot ? ([...this.topLevel.keys()][0] ?? null) : null,
      counts: [...source].map(([name, count]) => ({ name, count })),
      wellFormed: this.wellFormed && this.done,
    };
  }
}

/**
 * @example summarizeXml('<A><B/><B/><C/></A>') // { root: 'A', counts: [{B,2},{C,1}], wellFormed: true }
 */
export function summarizeXml(text: string): XmlSummary {
  const scan = new XmlSummaryScan(text);
  while (!scan.step(Number.MAX_SAFE_INTEGER));
  return scan.result();
}
