/**
 * A payload made ready for XPath 1.0 in a worker (no browser DOM there): the viewer's tree index
 * seen through a small DOM facade (index-dom.ts), so the text is not parsed again. Every
 * namespace the document declares is bound to its prefix, and the default namespace gets an
 * alias (`d`, or `d1`, `d2`… when `d` is taken), so `//d:Stub[@MediaType='video']` works on a
 * document with `xmlns="…"`.
 */
import type { XmlTreeIndex } from '../xml-index.ts';
import { IndexDocument } from './index-dom.ts';

/** The namespaces an expression may use on a document: what the XPath panel shows. */
export interface XPathNamespaces {
  /** prefix → namespace URI, as the expressions may use them. */
  namespaces: Record<string, string>;
  /** The prefix standing for the default namespace, or null when the document has none. */
  defaultAlias: string | null;
}

export interface XPathDocument extends XPathNamespaces {
  document: IndexDocument;
}

/** Every namespace the document declares (first binding of a prefix wins). */
function declaredNamespaces(document: IndexDocument): {
  prefixed: Map<string, string>;
  defaults: string[];
} {
  const { index } = document;
  const prefixed = new Map<string, string>();
  const defaults: string[] = [];
  const declarationNames = new Map<number, string | null>();
  index.names.forEach((name, id) => {
    if (name === 'xmlns') declarationNames.set(id, null);
    else if (name.startsWith('xmlns:')) declarationNames.set(id, name.slice(6));
  });
  if (declarationNames.size === 0) return { prefixed, defaults };
  for (let a = 0; a < index.attrNameId.length; a++) {
    const prefix = declarationNames.get(index.attrNameId[a] ?? -1);
    if (prefix === undefined) continue;
    const uri = document.attrRaw(a);
    if (prefix === null) {
      if (uri !== '' && !defaults.includes(uri)) defaults.push(uri);
    } else if (!prefixed.has(prefix)) {
      prefixed.set(prefix, uri);
    }
  }
  return { prefixed, defaults };
}

/** @example prepareXPathDocument(xml, index).defaultAlias // 'd' */
export function prepareXPathDocument(xml: string, index: XmlTreeIndex): XPathDocument {
  const document = new IndexDocument(xml, index);
  const { prefixed, defaults } = declaredNamespaces(document);
  const namespaces: Record<string, string> = Object.fromEntries(prefixed);
  let defaultAlias: string | null = null;
  defaults.forEach((uri, position) => {
    let alias = position === 0 ? 'd' : `d${position}`;
    for (let n = 1; alias in namespaces; n++) alias = `d${position}_${n}`;
    namespaces[alias] = uri;
    if (position === 0) defaultAlias = alias;
  });
  return { document, namespaces, defaultAlias };
}
