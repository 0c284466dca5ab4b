/**
 * The namespace bindings in scope while reading (Namespaces in XML 1.0, third edition): a stack
 * of prefix → URI bindings, each tagged with the depth of the element that declared it. Lookups
 * compare the prefix as written in the source with each binding, so no string is made for it.
 */

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

export class NamespaceScope {
  private readonly prefixes: string[] = ['xml'];
  private readonly uris: string[] = [XML_NAMESPACE];
  private readonly depths: number[] = [-1];

  /** Binds `prefix` ('' for the default namespace) for the element at `depth` and below. */
  bind(prefix: string, uri: string, depth: number): void {
    this.prefixes.push(prefix);
    this.uris.push(uri);
    this.depths.push(depth);
  }

  /** Forgets the bindings of elements at `depth` or deeper (their end tag was read). */
  leave(depth: number): void {
    const depths = this.depths;
    while ((depths[depths.length - 1] ?? -1) >= depth) {
      depths.pop();
      this.prefixes.pop();
      this.uris.pop();
    }
  }

  /** The URI bound to the prefix written at `text[start, end)`, or undefined. */
  lookupIn(text: string, start: number, end: number): string | undefined {
    const length = end - start;
    for (let i = this.prefixes.length - 1; i >= 0; i -= 1) {
      const prefix = this.prefixes[i] ?? '';
      if (prefix.length !== length) continue;
      let same = true;
      for (let k = 0; k < length; k += 1) {
        if (prefix.charCodeAt(k) !== text.charCodeAt(start + k)) {
          same = false;
          break;
        }
      }
      if (same) return this.uris[i];
    }
    return undefined;
  }

  /**
   * The URI bound to `prefix` ('' for the default namespace), or undefined.
   *
   * @example
   * new NamespaceScope().lookup('xml'); // 'http://www.w3.org/XML/1998/namespace'
   */
  lookup(prefix: string): string | undefined {
    return this.lookupIn(prefix, 0, prefix.length);
  }

  /** Every binding in scope, innermost last; the default namespace under ''. */
  inScope(): Map<string, string> {
    const scope = new Map<string, string>();
    this.prefixes.forEach((prefix, i) => {
      if (prefix !== 'xml') scope.set(prefix, this.uris[i] ?? '');
    });
    return scope;
  }
}
