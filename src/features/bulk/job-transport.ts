/**
 * How the tab's bulk job sends its rows: over the console server's WebSocket relay when it
 * answers (a frame per row, the rows of one turn in one message, instead of one HTTP request per
 * row: docs/bulk.md, Design), else over plain fetch from this browser. Opened when a job starts,
 * kept for the tab while it stays open.
 */
import { serviceBaseUrl } from '../../connection/targets.ts';
import {
  openRelay,
  relayUrl,
  type RelayFetch,
  type RelayTransport,
} from '../../relay/relay-fetch.ts';

let current: RelayFetch | null = null;

/** The relay if it answers (reused while open), or the direct way with the reason. */
export async function bulkTransport(): Promise<RelayFetch> {
  if (current?.transport().kind === 'relay') return current;
  current?.close();
  current = await openRelay(relayUrl(serviceBaseUrl()), {
    fallback: globalThis.fetch.bind(globalThis),
  });
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
