/**
 * The first few start tags of an XML document with their namespaces resolved: enough to tell a
 * SOAP 1.1 envelope from a SOAP 1.2 one and which operation answered, without parsing the
 * (possibly 50 MB) payload. The protocol decoder does the real, strict reading afterwards.
 */
export interface LeadingElement {
  localName: string;
  namespace: string | null;
}

const START_TAG =
  /<([A-Za-z_][\w.-]*)(?::([A-Za-z_][\w.-]*))?((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const SKIPPED: ReadonlyArray<[open: string, close: string]> = [
  ['<!--', '-->'],
  ['<?', '?>'],
  ['<![CDATA[', ']]>'],
  ['<!', '>'],
];

/** @example leadingElements('<soap:Envelope xmlns:soap="…"><soap:Body>…', 3) */
export function leadingElements(text: string, count: number): LeadingElement[] {
  const found: LeadingElement[] = [];
  const scopes: Record<string, string> = {};
  let at = text.indexOf('<');
  while (at >= 0 && found.length < count) {
    const skipped = SKIPPED.find(([open]) => text.startsWith(open, at));
    if (skipped) {
      const end = text.indexOf(skipped[1], at + skipped[0].length);
      if (end < 0) break;
      at = text.indexOf('<', end + skipped[1].length);
      continue;
    }
    if (text.startsWith('</', at)) {
      at = text.indexOf('<', at + 2);
      continue;
    }
    START_TAG.lastIndex = at;
    const tag = START_TAG.exec(text);
    if (!tag) break;
    const [, first = '', second, attributes = ''] = tag;
    for (const [, name = '', double, single] of attributes.matchAll(ATTRIBUTE)) {
      if (name === 'xmlns') scopes[''] = double ?? single ?? '';
      else if (name.startsWith('xmlns:')) scopes[name.slice(6)] = double ?? single ?? '';
    }
    const prefix = second === undefined ? '' : first;
    const uri = scopes[prefix];
    found.push({
      localName: second ?? first,
      namespace: uri === undefined || uri === '' ? null : uri,
    });
    at = text.indexOf('<', START_TAG.lastIndex);
  }
  return found;
}
