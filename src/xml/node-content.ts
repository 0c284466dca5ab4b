/** What the views show of one indexed node, decoded from the source on demand. */
import { decodeXmlEntities } from './xml-entities.ts';
import { NODE_CDATA, NODE_TEXT, type XmlTreeIndex } from './xml-index.ts';

/** Decoded attributes in document order. @example nodeAttributes(xml, index, stub) // [['ID', '1']] */
export function nodeAttributes(
  xml: string,
  index: XmlTreeIndex,
  node: number,
): Array<[string, string]> {
  const from = index.attrStart[node] ?? 0;
  const count = index.attrCount[node] ?? 0;
  const attributes: Array<[string, string]> = [];
  for (let a = from; a < from + count; a++) {
    attributes.push([
      index.names[index.attrNameId[a] ?? -1] ?? '',
      decodeXmlEntities(xml.slice(index.attrValueStart[a], index.attrValueEnd[a])),
    ]);
  }
  return attributes;
}

/** The exact source of a node (its outer XML as received). */
export function nodeSource(xml: string, index: XmlTreeIndex, node: number): string {
  return xml.slice(index.start[node], index.end[node]);
}

/** Decoded text of a text or CDATA node, whitespace-trimmed. */
export function nodeText(xml: string, index: XmlTreeIndex, node: number): string {
  const raw = nodeSource(xml, index, node);
  if (index.kind[node] === NODE_CDATA) return raw.slice(9, -3);
  if (index.kind[node] === NODE_TEXT) return decodeXmlEntities(raw).trim();
  return raw;
}

/** The single text child of an element, decoded, or null when it has other content. */
export function onlyTextChild(xml: string, index: XmlTreeIndex, node: number): string | null {
  const first = index.firstChild[node] ?? -1;
  if (first === -1 || (index.childCount[node] ?? 0) !== 1) return null;
  const kind = index.kind[first];
  return kind === NODE_TEXT || kind === NODE_CDATA ? nodeText(xml, index, first) : null;
}
