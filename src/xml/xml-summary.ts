/**
 * A one-line summary of an XML payload: how many elements of each name sit at the top level.
 * One linear pass over the text with indexOf, no parser and no tree, so it stays cheap on
 * multi-megabyte DataStubs.
 */

export interface XmlSummary {
  /** Name of the single root element, or null when there are zero or several. */
  root: string | null;
  /** Element counts, in first-seen order: the root's children, or the top-level elements. */
  counts: Array<{ name: string; count: number }>;
  /** False when the scan met something that is not XML markup it understands. */
  wellFormed: boolean;
}

function skipPast(text: string, from: number, terminator: string): number {
  const end = text.indexOf(terminator, from);
  return end < 0 ? -1 : end + terminator.length;
}

/** Index just after the `>` ending the tag that starts at `from`, honouring quoted attributes. */
function endOfTag(text: string, from: number): number {
  let i = from;
  for (;;) {
    const gt = text.indexOf('>', i);
    if (gt < 0) return -1;
    // Look for a quote only up to that '>': tags are short, so this stays linear overall.
    let quoteAt = -1;
    for (let j = i; j < gt; j++) {
      const code = text.charCodeAt(j);
      if (code === 34 || code === 39) {
        quoteAt = j;
        break;
      }
    }
    if (quoteAt < 0) return gt + 1;
    const close = text.indexOf(text[quoteAt] ?? '"', quoteAt + 1);
    if (close < 0) return -1;
    i = close + 1;
  }
}

function isNameEnd(code: number): boolean {
  // whitespace, '/', '>'
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 47 || code === 62;
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

  constructor(private readonly text: string) {}

  /** Scans about `budget` more characters; true when the whole text has been read. */
  step(budget: number): boolean {
    const { text } = this;
    const stop = this.i + budget;
    while (!this.done && this.i < stop) {
      const lt = text.indexOf('<', this.i);
      if (lt < 0) {
        this.done = true;
        break;
      }
      let next: number;
      if (text.startsWith('<!--', lt)) next = skipPast(text, lt + 4, '-->');
      else if (text.startsWith('<![CDATA[', lt)) next = skipPast(text, lt + 9, ']]>');
      else if (text.startsWith('<?', lt)) next = skipPast(text, lt + 2, '?>');
      else if (text.startsWith('<!', lt)) next = endOfTag(text, lt + 2);
      else {
        next = endOfTag(text, lt + 1);
        if (next >= 0) this.element(lt, next);
      }
      if (next < 0) {
        this.wellFormed = false;
        this.done = true;
      } else {
        this.i = next;
      }
    }
    if (this.i >= text.length) this.done = true;
    return this.done;
  }

  private element(lt: number, end: number): void {
    const { text } = this;
    if (text[lt + 1] === '/') {
      this.depth -= 1;
      if (this.depth < 0) this.wellFormed = false;
      return;
    }
    let nameEnd = lt + 1;
    while (nameEnd < end && !isNameEnd(text.charCodeAt(nameEnd))) nameEnd++;
    const name = text.slice(lt + 1, nameEnd);
    if (name === '') this.wellFormed = false;
    if (this.depth === 0) this.topLevel.set(name, (this.topLevel.get(name) ?? 0) + 1);
    if (this.depth === 1) this.children.set(name, (this.children.get(name) ?? 0) + 1);
    if (text[end - 2] !== '/') this.depth += 1;
  }

  result(): XmlSummary {
    const singleRoot = this.topLevel.size === 1 && [...this.topLevel.values()][0] === 1;
    const source = singleRoot ? this.children : this.topLevel;
    return {
      root: singleRoot ? ([...this.topLevel.keys()][0] ?? null) : null,
      counts: [...source].map(([name, count]) => ({ name, count })),
      wellFormed: this.wellFormed && this.done && this.depth === 0,
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
