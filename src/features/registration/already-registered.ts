/**
 * Whether a ServiceURI + MediaType was registered before: in this console's History (the
 * registrations it made) or in the service's own stubs. Told to the operator as a notice; it
 * never stops a registration, since only the service decides what a second one does.
 */
import { decodeXmlEntities } from '../../xml/xml-entities.ts';
import type { RegistrationRecord } from '../../history/history-db.ts';

/** The same pair as the service compares it: the ServiceURI exactly, the MediaType in any case. */
function samePair(uri: string, media: string, otherUri: string, otherMedia: string): boolean {
  return (
    uri.trim() === otherUri.trim() && media.trim().toLowerCase() === otherMedia.trim().toLowerCase()
  );
}

/**
 * The registrations of this pair made from this console, newest first (as History lists them).
 * @example registeredBefore(await listRegistrations(), 'https://x.test/a.png', 'image')
 */
export function registeredBefore(
  registrations: readonly RegistrationRecord[],
  serviceUri: string,
  mediaType: string,
): RegistrationRecord[] {
  if (serviceUri.trim() === '' || mediaType.trim() === '') return [];
  return registrations.filter((r) => samePair(serviceUri, mediaType, r.ServiceURI, r.MediaType));
}

/** A start tag's attributes by name (the prefix, if any, dropped). */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    const name = (match[1] ?? '').replace(/^.*:/, '');
    attributes.set(name, decodeXmlEntities(match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/**
 * True when a stub in the service's DataStubs carries this ServiceURI and MediaType (as the
 * Stub element's attributes, the way GetAssetStubs lists them).
 * @example stubsList('<AssetStubs><Stub ServiceURI="https://x.test/a.png" MediaType="image"/></AssetStubs>', 'https://x.test/a.png', 'image') // true
 */
export function stubsList(dataStubs: string, serviceUri: string, mediaType: string): boolean {
  for (const match of dataStubs.matchAll(/<[\w:.-]+\s[^<>]*\bServiceURI\s*=[^<>]*>/g)) {
    const attributes = attributesOf(match[0]);
    const uri = attributes.get('ServiceURI');
    const media = attributes.get('MediaType');
    if (uri !== undefined && media !== undefined && samePair(serviceUri, mediaType, uri, media))
      return true;
  }
  return false;
}
