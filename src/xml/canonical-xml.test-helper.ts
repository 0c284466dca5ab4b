// An independent oracle for round-trip tests: fast-xml-parser's reading of a document, reduced to
// what the information set says (names, namespaces, attributes, non-whitespace text, CDATA,
// comments, PIs), so that "before" and "after" pretty-printing can be compared.
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  trimValues: true,
  parseTagValue: false,
  parseAttributeValue: false,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
  processEntities: true,
});

type Node = Record<string, unknown>;

function canonicalNodes(nodes: Node[]): unknown[] {
  const result: unknown[] = [];
  for (const node of nodes) {
    const attrs = (node[':@'] ?? {}) as Record<string, string>;
    const key = Object.keys(node).find((k) => k !== ':@') ?? '';
    const value = node[key];
    if (key === '#text') {
      const text = String(value).trim();
      if (text) result.push(['text', text]);
    } else {
      const sortedAttrs = Object.keys(attrs)
        .sort()
        // XML attribute-value normalization, which fast-xml-parser skips: literal line breaks and
        // tabs read as spaces (the generators never use &#10; in attributes).
        .map((name) => [name, String(attrs[name]).replace(/[\t\n\r]/g, ' ')]);
      result.push([key, sortedAttrs, canonicalNodes((value ?? []) as Node[])]);
    }
  }
  return result;
}

/** @example canonicalXml('<a> <b x="1"/> </a>') === canonicalXml('<a><b x="1"></b></a>') */
export function canonicalXml(xml: string): string {
  return JSON.stringify(canonicalNodes(parser.parse(xml) as Node[]));
}
