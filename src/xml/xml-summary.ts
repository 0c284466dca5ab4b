/**
 * A one-line summary of an XML payload: how many elements of each name sit at the top level.
 * Here what a summary says and its reading off an index; its scan of a text is
 * `xml-summary-scan.ts`, apart so that a page shows a summary without loading the XML reader.
 */
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
