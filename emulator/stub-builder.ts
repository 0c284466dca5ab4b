// How the normal model turns a stored index into a realistic-looking stub, deterministically:
// the same index always gives the same stub (title, source, size, checksum derive from its
// fields), so answers are stable across restarts and easy to test.
import type { StoredIndex } from './store.ts';
import { element, writeElement, type XmlElement } from './xml-node.ts';
import { escapeAttribute, escapeText } from './xml-escape.ts';

/** FNV-1a: cheap, stable, good enough to spread derived numbers (not for security). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function words(segment: string): string {
  return segment
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .split(/[-_.+\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

const URI_PARTS = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/([^/?#]*))?([^?#]*)/;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A human title from a service URI: its last path segment in words, else its host, else the URI.
 * @example titleFor('https://media.example.org/vault/city-lights.png') // 'City Lights'
 */
export function titleFor(serviceUri: string): string {
  const match = URI_PARTS.exec(serviceUri.trim());
  if (!match) return serviceUri;
  const path = match[2] ?? '';
  const segment = path.slice(path.lastIndexOf('/') + 1);
  return words(safeDecode(segment)) || match[1] || serviceUri;
}

function sourceFor(serviceUri: string): string {
  return URI_PARTS.exec(serviceUri.trim())?.[1] ?? '';
}

/** The fields a stub is filtered on, computed once per index. */
export interface DerivedStub {
  readonly id: string;
  readonly serviceUri: string;
  readonly mediaType: string;
  readonly title: string;
  readonly index: StoredIndex;
}

/**
 * Derives the filterable view of an index.
 * @example deriveStub(index).title
 */
export function deriveStub(index: StoredIndex): DerivedStub {
  const serviceUri = index.serviceUri ?? '';
  return {
    id: index.recordId,
    serviceUri,
    mediaType: index.mediaType ?? '',
    title: titleFor(serviceUri),
    index,
  };
}

/**
 * The `<Stub>` element of a derived stub.
 * @example writeStub(deriveStub(index)) // <Stub ID=… Type="Asset" ServiceURI=… MediaType=…><Title>…</Title>…</Stub>
 */
export function stubElement(stub: DerivedStub): XmlElement {
  const hash = fnv1a(stub.id + stub.serviceUri);
  const size = 1024 + (hash % 50_000_000);
  return element(
    'Stub',
    [
      ['ID', stub.id],
      ['Type', 'Asset'],
      ['ServiceURI', stub.serviceUri],
      ['MediaType', stub.mediaType],
    ],
    [
      element('Title', [], stub.title),
      element('Source', [], sourceFor(stub.serviceUri)),
      element('Created', [], stub.index.createdAt),
      element('SizeBytes', [], String(size)),
      element('Checksum', [['Algorithm', 'FNV-1a']], hash.toString(16).padStart(8, '0')),
    ],
  );
}

/**
 * Fewer bytes than renderStub writes for any stub: its fixed markup alone (the tags, the
 * attribute names, `Type="Asset"`, four digits of SizeBytes and eight of the checksum) takes
 * more. A lower bound of an unfiltered answer's length before its stubs are read.
 */
export const MIN_STUB_BYTES = 150;

/**
 * A stub's markup without building its element (the fast path for large answers); the same
 * bytes as writeElement(stubElement(stub)).
 * @example renderStub(stub, '      ')
 */
export function renderStub(stub: DerivedStub, indent: string | null): string {
  const hash = fnv1a(stub.id + stub.serviceUri);
  const size = 1024 + (hash % 50_000_000);
  const before = indent === null ? '' : `\n${indent}`;
  const child = indent === null ? '' : `\n${indent}  `;
  const text = (name: string, value: string): string =>
    value === '' ? `${child}<${name} />` : `${child}<${name}>${escapeText(value)}</${name}>`;
  return `${before}<Stub ID="${escapeAttribute(stub.id)}" Type="Asset" ServiceURI="${escapeAttribute(stub.serviceUri)}" MediaType="${escapeAttribute(stub.mediaType)}">${text('Title', stub.title)}${text('Source', sourceFor(stub.serviceUri))}${text('Created', stub.index.createdAt)}${text('SizeBytes', String(size))}${child}<Checksum Algorithm="FNV-1a">${hash.toString(16).padStart(8, '0')}</Checksum>${before}</Stub>`;
}

/** Used by tests to prove renderStub and stubElement agree. */
export function renderStubSlow(stub: DerivedStub, indent: string | null): string {
  return (indent === null ? '' : `\n${indent}`) + writeElement(stubElement(stub), indent).join('');
}
