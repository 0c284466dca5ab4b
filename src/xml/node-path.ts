/**
 * Node paths for deep links, XPath-like: `/AssetStubs/Stub[42]` (1-based position among siblings
 * of the same name; `[1]` may be left out when reading).
 */
import { NODE_ELEMENT, type XmlTreeStructure } from './xml-index.ts';

/** The path of an element. @example nodePath(index, stub) // '/AssetStubs/Stub[42]' */
export function nodePath(index: XmlTreeStructure, node: number): string {
  const segments: string[] = [];
  for (let n = node; n > 0; n = index.parent[n] ?? 0) {
    if (index.kind[n] !== NODE_ELEMENT) continue;
    const nameId = index.nameId[n];
    const parent = index.parent[n] ?? 0;
    let position = 0;
    let total = 0;
    for (let s = index.firstChild[parent] ?? -1; s !== -1; s = index.nextSibling[s] ?? -1) {
      if (index.kind[s] !== NODE_ELEMENT || index.nameId[s] !== nameId) continue;
      total += 1;
      if (s === n) position = total;
    }
    const name = index.names[nameId ?? -1] ?? '';
    segments.push(total > 1 ? `${name}[${position}]` : name);
  }
  return '/' + segments.reverse().join('/');
}

const SEGMENT = /^(.+?)(?:\[(\d+)\])?$/;

/** The element at `path`, or -1. @example resolveNodePath(index, '/AssetStubs/Stub[2]') */
export function resolveNodePath(index: XmlTreeStructure, path: string): number {
  const parts = path.split('/').filter(Boolean);
  if (parts.length === 0) return -1;
  let node = 0;
  for (const part of parts) {
    const match = SEGMENT.exec(part);
    if (!match) return -1;
    const name = match[1];
    const wanted = match[2] ? Number(match[2]) : 1;
    let seen = 0;
    let found = -1;
    for (let c = index.firstChild[node] ?? -1; c !== -1; c = index.nextSibling[c] ?? -1) {
      if (index.kind[c] !== NODE_ELEMENT || index.names[index.nameId[c] ?? -1] !== name) continue;
      seen += 1;
      if (seen === wanted) {
        found = c;
        break;
      }
    }
    if (found === -1) return -1;
    node = found;
  }
  return node;
}

/**
 * The viewer keeps its state in the location hash as `&`-separated parameters:
 * `#node=/AssetStubs/Stub[42]&xpath=//d:Stub[@ID='7']`.
 */
export type HashKey = 'node' | 'xpath';

/** A parameter of the hash, or null. @example hashParam('#node=/a&xpath=//b', 'xpath') // '//b' */
export function hashParam(hash: string, key: HashKey): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const part = body.split('&').find((p) => p.startsWith(`${key}=`));
  if (part === undefined) return null;
  try {
    return decodeURIComponent(part.slice(key.length + 1));
  } catch {
    return null;
  }
}

/** Encoded, but readable where possible. */
function encodeHashValue(value: string): string {
  return encodeURIComponent(value)
    .replace(/%2F/g, '/')
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']')
    .replace(/%3A/g, ':')
    .replace(/%40/g, '@');
}

/** `hash` with one parameter set (or removed when `value` is null), the others kept. */
export function withHashParam(hash: string, key: HashKey, value: string | null): string {
  const values: Record<HashKey, string | null> = {
    node: hashParam(hash, 'node'),
    xpath: hashParam(hash, 'xpath'),
  };
  values[key] = value;
  const parts = (['node', 'xpath'] as const)
    .filter((k) => values[k] !== null)
    .map((k) => `${k}=${encodeHashValue(values[k] ?? '')}`);
  return parts.length ? `#${parts.join('&')}` : '';
}

/** The path in a location hash like `#node=/AssetStubs/Stub[42]`, or null. */
export function pathFromHash(hash: string): string | null {
  return hashParam(hash, 'node');
}

/** The hash for a path, readable where possible. @example hashForPath('/a/b[2]') // '#node=/a/b[2]' */
export function hashForPath(path: string): string {
  return withHashParam('', 'node', path);
}
