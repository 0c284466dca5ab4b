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
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i + 1;
    }
  }
  return -1;
}

const NAME_END = /[\s/>]/;

/**
 * @example summarizeXml('<A><B/><B/><C/></A>') // { root: 'A', counts: [{B,2},{C,1}], wellFormed: true }
 */
export function summarizeXml(text: string): XmlSummary {
  const topLevel = new Map<string, number>();
  const children = new Map<string, number>();
  let depth = 0;
  let wellFormed = true;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) i = skipPast(text, lt + 4, '-->');
    else if (text.startsWith('<![CDATA[', lt)) i = skipPast(text, lt + 9, ']]>');
    else if (text.startsWith('<?', lt)) i = skipPast(text, lt + 2, '?>');
    else if (text.startsWith('<!', lt)) i = endOfTag(text, lt + 2);
    else {
      const end = endOfTag(text, lt + 1);
      if (end < 0) {
        wellFormed = false;
        break;
      }
      if (text[lt + 1] === '/') {
        depth -= 1;
        if (depth < 0) wellFormed = false;
      } else {
        let nameEnd = lt + 1;
        while (nameEnd < end && !NAME_END.test(text[nameEnd] ?? '>')) nameEnd++;
        const name = text.slice(lt + 1, nameEnd);
        if (name === '') wellFormed = false;
        if (depth === 0) topLevel.set(name, (topLevel.get(name) ?? 0) + 1);
        if (depth === 1) children.set(name, (children.get(name) ?? 0) + 1);
        if (text[end - 2] !== '/') depth += 1;
      }
      i = end;
    }
    if (i < 0) {
      wellFormed = false;
      break;
    }
  }
  if (depth !== 0) wellFormed = false;
  const singleRoot = topLevel.size === 1 && [...topLevel.values()][0] === 1;
  const source = singleRoot ? children : topLevel;
  return {
    root: singleRoot ? ([...topLevel.keys()][0] ?? null) : null,
    counts: [...source].map(([name, count]) => ({ name, count })),
    wellFormed,
  };
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
