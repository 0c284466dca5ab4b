/**
 * A one-line summary of an XML payload: how many elements of each name sit at the top level.
 * Read by the console's one XML reader (as element content: several top-level elements are
 * allowed), in slices, with no tree, so it stays cheap on multi-megabyte DataStubs and says
 * "not well-formed" exactly when every other tab does.
 */
import { XmlReader, type XmlReadHandler } from './reader/xml-reader.ts';
import { XmlSyntaxError } from './reader/xml-syntax-error.ts';
import { childElementCounts, rootElement, type XmlTreeStructure } from './xml-index.ts';

export interface XmlSummary {
  /** Name of the single root element, or null when there are zero or several. */
  root: string | null;
  /** Element counts, in first-seen order: the root's children, or the top-level elements. */
  counts: Array<{ name: string; count: number }>;
  /** False when the reader refused the payload (it is not well-formed XML content). */
  wellFormed: boolean;
}

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

/**
 * The summary of a payload already indexed (analyzeXml read it whole, as the same reader's
 * element content): the scan's result from the index's names, by a walk of the top level and the
 * single root's children, without reading the text again. An index exists only for a payload
 * that is well-formed.
 *
 * @example summaryOfIndex(analyzeXml('<A><B/><B/></A>').index) // { root: 'A', counts: [{B,2}], wellFormed: true }
 */
export function summaryOfIndex(index: XmlTreeStructure): XmlSummary {
  const topLevel = elementCounts(index, 0);
  const [only] = topLevel;
  if (topLevel.length !== 1 || only?.count !== 1)
    return { root: null, counts: topLevel, wellFormed: true };
  return { root: only.name, counts: elementCounts(index, rootElement(index)), wellFormed: true };
}

/** The element children of `parent` counted by name, in first-seen order. */
function elementCounts(index: XmlTreeStructure, parent: number): XmlSummary['counts'] {
  return Array.from(childElementCounts(index, parent), ([id, count]) => ({
    name: index.names[id] ?? '',
    count,
  }));
}

/**
 * The record count a summary shows, or null when it shows no record list: no single root,
 * children of several names, or not well-formed.
 * @example recordCount(summarizeXml('<Stubs><Stub/><Stub/></Stubs>')) // 2
 */
export function recordCount(summary: XmlSummary): number | null {
  if (!summary.wellFormed || summary.root === null) return null;
  if (summary.counts.length === 0) return 0;
  return summary.counts.length === 1 ? (summary.counts[0]?.count ?? null) : null;
}

/**
 * @example describeXmlSummary(summarizeXml('<A><B/><B/></A>')) // '<A> holds 2 × B'
 */
export function describeXmlSummary(summary: XmlSummary): string {
  const parts = summary.counts.map(({ name, count }) => `${count} × ${name}`).join(', ');
  const notWellFormed = summary.wellFormed ? '' : ' (not well-formed XML)';
  if (summary.root !== null) {
    return parts
      ? `<${summary.root}> holds ${parts}${notWellFormed}`
      : `<${summary.root}> is empty${notWellFormed}`;
  }
  return parts ? `Top level: ${parts}${notWellFormed}` : `No elements${notWellFormed}`;
}
