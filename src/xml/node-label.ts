/**
 * What one row of the Tree shows of a node, made by the viewer's worker from slices of the text
 * its index points into (`labelRanges`, then `nodeLabel`): the page asks for the labels of the
 * rows on screen. Texts are cut for display; a cut says so with an ellipsis.
 */
import {
  decodeAttributeValue,
  decodeCharacterData,
  normalizeLineBreaks,
} from './reader/xml-values.ts';
import {
  NODE_CDATA,
  NODE_COMMENT,
  NODE_DOCTYPE,
  NODE_ELEMENT,
  NODE_PI,
  NODE_TEXT,
  nodeName,
  type XmlTreeIndex,
  type XmlTreeStructure,
} from './xml-index.ts';

/** Characters of a text a row shows. */
export const PREVIEW_CHARS = 300;
/**
 * Characters of source read for one preview: entities make the source longer than what it
 * decodes to (`&#x1F600;` is 9 characters for 2), so this holds at least PREVIEW_CHARS decoded.
 */
export const PREVIEW_SOURCE_CHARS = 4000;

export type NodeLabel =
  | { kind: 'text' | 'cdata' | 'markup'; text: string }
  | {
      kind: 'element';
      name: string;
      attributes: Array<[string, string]>;
      /** No children: written `<name/>`. */
      empty: boolean;
      /** The element's only child when it is text or CDATA, shown inline. */
      text: string | null;
    };

type Range = [number, number];

/** The text node or CDATA section that is an element's only child, or -1. */
function onlyTextChild(index: XmlTreeStructure, node: number): number {
  const first = index.firstChild[node] ?? -1;
  if (first === -1 || (index.childCount[node] ?? 0) !== 1) return -1;
  const kind = index.kind[first];
  return kind === NODE_TEXT || kind === NODE_CDATA ? first : -1;
}

/** An element with children other than one text: it opens in the Tree. */
export function isExpandable(index: XmlTreeStructure, node: number): boolean {
  return (
    index.kind[node] === NODE_ELEMENT &&
    (index.childCount[node] ?? 0) > 0 &&
    onlyTextChild(index, node) === -1
  );
}

const bounded = (from: number, to: number): Range => [
  from,
  Math.min(to, from + PREVIEW_SOURCE_CHARS),
];

/** The ranges of the text a node's row shows, in the order `nodeLabel` reads their slices. */
export function labelRanges(index: XmlTreeIndex, node: number): Range[] {
  if (index.kind[node] !== NODE_ELEMENT) {
    return [bounded(index.start[node] ?? 0, index.end[node] ?? 0)];
  }
  const ranges: Range[] = [];
  const from = index.attrStart[node] ?? 0;
  const count = index.attrCount[node] ?? 0;
  for (let a = from; a < from + count; a++) {
    ranges.push(bounded(index.attrValueStart[a] ?? 0, index.attrValueEnd[a] ?? 0));
  }
  const text = onlyTextChild(index, node);
  if (text !== -1) ranges.push(bounded(index.start[text] ?? 0, index.end[text] ?? 0));
  return ranges;
}

/** Whether the slice of [from, to) read for a preview was cut. */
const wasCut = (from: number, to: number) => to - from > PREVIEW_SOURCE_CHARS;

function preview(text: string, cut: boolean): string {
  return text.length > PREVIEW_CHARS || cut ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}

/** A text node's or CDATA section's content from its source's slice, as a preview. */
function textPreview(index: XmlTreeIndex, node: number, slice: string): string {
  const cut = wasCut(index.start[node] ?? 0, index.end[node] ?? 0);
  if (index.kind[node] === NODE_CDATA) {
    // `<![CDATA[` and, unless cut off, `]]>`.
    return preview(normalizeLineBreaks(slice.slice(9, cut ? undefined : -3)), cut);
  }
  const decoded = decodeCharacterData(slice);
  return preview(cut ? decoded.trimStart() : decoded.trim(), cut);
}

/**
 * A node's row, from the slices of `labelRanges(index, node)`.
 * @example nodeLabel(index, stub, await client.payloadSlices(labelRanges(index, stub)))
 */
export function nodeLabel(index: XmlTreeIndex, node: number, slices: readonly string[]): NodeLabel {
  const kind = index.kind[node];
  if (kind === NODE_TEXT) return { kind: 'text', text: textPreview(index, node, slices[0] ?? '') };
  if (kind === NODE_CDATA)
    return { kind: 'cdata', text: textPreview(index, node, slices[0] ?? '') };
  if (kind === NODE_COMMENT || kind === NODE_PI || kind === NODE_DOCTYPE) {
    const cut = wasCut(index.start[node] ?? 0, index.end[node] ?? 0);
    return { kind: 'markup', text: preview(slices[0] ?? '', cut) };
  }
  const from = index.attrStart[node] ?? 0;
  const count = index.attrCount[node] ?? 0;
  const attributes: Array<[string, string]> = [];
  for (let a = 0; a < count; a++) {
    const at = from + a;
    const cut = wasCut(index.attrValueStart[at] ?? 0, index.attrValueEnd[at] ?? 0);
    attributes.push([
      index.names[index.attrNameId[at] ?? -1] ?? '',
      preview(decodeAttributeValue(slices[a] ?? ''), cut),
    ]);
  }
  const text = onlyTextChild(index, node);
  return {
    kind: 'element',
    name: nodeName(index, node),
    attributes,
    empty: (index.childCount[node] ?? 0) === 0,
    text: text === -1 ? null : textPreview(index, text, slices[count] ?? ''),
  };
}

/**
 * A node's row from the text its index was built on.
 * @example labelOf(index, stub, payload) // { kind: 'element', name: 'Stub', … }
 */
export function labelOf(index: XmlTreeIndex, node: number, text: string): NodeLabel {
  const slices = labelRanges(index, node).map(([from, to]) => text.slice(from, to));
  return nodeLabel(index, node, slices);
}
