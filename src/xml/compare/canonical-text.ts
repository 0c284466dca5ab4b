/**
 * The meaning tree written back as indented XML: one element per line, attributes sorted,
 * namespaces as `{uri}local` names. Two documents with the same meaning give the same text, so
 * a line diff of these texts shows only real differences.
 */
import { payloadXml } from './compare-xml.ts';
import { parseMeaning, type MeaningElement } from './xml-meaning-tree.ts';

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function write(node: MeaningElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const attributes = node.attributes
    .map((a) => ` ${a.name}="${escapeAttribute(a.value)}"`)
    .join('');
  if (node.children.length === 0) {
    out.push(`${pad}<${node.name}${attributes}/>`);
    return;
  }
  const only = node.children[0];
  if (node.children.length === 1 && only?.kind === 'text') {
    out.push(`${pad}<${node.name}${attributes}>${escapeText(only.value)}</${node.name}>`);
    return;
  }
  out.push(`${pad}<${node.name}${attributes}>`);
  for (const child of node.children) {
    if (child.kind === 'text') out.push(`${pad}  ${escapeText(child.value)}`);
    else write(child, depth + 1, out);
  }
  out.push(`${pad}</${node.name}>`);
}

/** @example canonicalText(parseMeaning('<p:a xmlns:p="u" y="2" x="1"/>')) // '<{u}a x="1" y="2"/>' */
export function canonicalText(roots: readonly MeaningElement[]): string {
  const out: string[] = [];
  for (const root of roots) write(root, 0, out);
  return out.join('\n');
}

/**
 * A payload in whatever form it arrived (literal, escaped, CDATA) as canonical text; a text that
 * is not XML is returned as it is.
 * @example canonicalPayloadText('&lt;a y="2" x="1"/&gt;') // '<a x="1" y="2"/>'
 */
export function canonicalPayloadText(payload: string): string {
  try {
    return canonicalText(parseMeaning(payloadXml(payload)));
  } catch {
    return payload;
  }
}
