/**
 * How the tab's bulk job sends its rows: over the console server's WebSocket relay when it
 * answers (a frame per row, the rows of one turn in one message, instead of one HTTP request per
 * row: docs/bulk.md, Design), else over plain fetch from this browser. Opened when a job starts,
 * kept for the tab while it stays open.
 */
import { serviceBaseUrl } from '../../connection/targets.ts';
import {
  directFetch,
  openRelay,
  relayUrl,
  type RelayFetch,
  type RelayTransport,
} from '../../relay/relay-fetch.ts';

/** Why rows go direct where the console's target list offers no relay (nginx alone). */
const NO_RELAY_OFFERED = "the console's host offers no relay";

let current: RelayFetch | null = null;

/**
 * The relay if it answers (reused while open), or the direct way with the reason. `relayOffered`
 * is what the console's target list says (`relay`), null when the list could not be read: then
 * the relay is tried, and the rows go direct if nothing answers. Where the list offers none, no
 * socket is opened (nginx alone would answer the handshake with its page, an error in the
 * browser's console).
 */
export async function bulkTransport(relayOffered: boolean | null): Promise<RelayFetch> {
  if (current?.transport().kind === 'relay') return current;
  current?.close();
  const fallback = globalThis.fetch.bind(globalThis);
  current =
    relayOffered === false
      ? directFetch(fallback, NO_RELAY_OFFERED)
      : await openRelay(relayUrl(serviceBaseUrl()), { fallback });
  return current;
}

/** The tab's current transport, or null before any job started. */
export function currentTransport(): RelayTransport | null {
  return current?.transport() ?? null;
}

/** @example transportWords({ kind: 'relay' }) // 'Sending through the console server …' */
export function transportWords(transport: RelayTransport): string {
  return transport.kind === 'relay'
    ? 'Sending through the console server (one connection for all rows).'
    : `Sending from this browser (one request per row): ${transport.reason}.`;
}
