/**
 * "Copy XPath": a path that selects exactly one node, each step positioned among the siblings
 * the step's test also matches (`d:Stub[42]` counts `Stub` elements of the same namespace,
 * `text()[2]` counts text nodes). Positions are computed once per parent, so paths for 10,000
 * results cost one pass over their parents' children, not a sibling walk per node.
 */
import type { IndexNode, XPathDomNode } from './index-dom.ts';

export class ExactPaths {
  private readonly positions = new Map<number, number>();
  private readonly elementPaths = new Map<number, string>();
  private readonly prefixByUri = new Map<string, string>();

  constructor(namespaces: Readonly<Record<string, string>>) {
    for (const [prefix, uri] of Object.entries(namespaces)) {
      if (!this.prefixByUri.has(uri)) this.prefixByUri.set(uri, prefix);
    }
  }

  /** @example paths.of(stub) // '/d:AssetStubs[1]/d:Stub[2]' */
  of(node: XPathDomNode): string {
    if (node.nodeType === 2) {
      const attribute = node as Extract<XPathDomNode, { nodeType: 2 }>;
      const name = attribute.namespaceURI
        ? this.qualified(attribute.namespaceURI, attribute.localName, '@')
        : `@${attribute.localName}`;
      return `${this.of(attribute.ownerElement)}/${name}`;
    }
    const element = node as IndexNode;
    if (element.nodeType === 9) return '/';
    const known = this.elementPaths.get(element.indexId);
    if (known !== undefined) return known;
    const parent = element.parentNode;
    const parentPath = !parent || parent.nodeType === 9 ? '' : this.of(parent);
    const path = `${parentPath}/${this.step(element)}[${this.position(element)}]`;
    if (element.nodeType === 1) this.elementPaths.set(element.indexId, path);
    return path;
  }

  private qualified(uri: string, local: string, axis = ''): string {
    const prefix = this.prefixByUri.get(uri);
    if (prefix !== undefined) return `${axis}${prefix}:${local}`;
    // A namespace with no prefix of its own (e.g. a prefix re-bound deeper in the document).
    return `${axis}*[local-name()='${local}' and namespace-uri()='${uri.replace(/'/g, '')}']`;
  }

  private step(node: IndexNode): string {
    switch (node.nodeType) {
      case 1:
        return node.namespaceURI
          ? this.qualified(node.namespaceURI, node.localName ?? '')
          : (node.localName ?? '');
      case 3:
      case 4:
        return 'text()';
      case 8:
        return 'comment()';
      case 7:
        return 'processing-instruction()';
      default:
        return 'node()';
    }
  }

  private position(node: IndexNode): number {
    const known = this.positions.get(node.indexId);
    if (known !== undefined) return known;
    // Number every child of this parent in one pass.
    const counts = new Map<string, number>();
    const parent = node.parentNode;
    for (let child = parent?.firstChild ?? null; child; child = child.nextSibling) {
      const key = this.siblingKey(child);
      const position = (counts.get(key) ?? 0) + 1;
      counts.set(key, position);
      this.positions.set(child.indexId, position);
    }
    return this.positions.get(node.indexId) ?? 1;
  }

  private siblingKey(node: IndexNode): string {
    if (node.nodeType === 1) return `e ${node.namespaceURI ?? ''} ${node.localName ?? ''}`;
    if (node.nodeType === 4) return 't';
    return `${node.nodeType === 3 ? 't' : node.nodeType}`;
  }
}
