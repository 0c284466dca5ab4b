// npm run bench -- client-end-browser
// The console's client worker at the end of a large GetAssetStubs answer, in a Chromium worker:
// the protocol client reads an HTTP GET answer of the emulator's 30,000 stubs (12.3 MB) from a
// stream of 64 KB chunks, showing its head and passing the rest of its payload on (as the stubs
// page asks), and the result is packed for the page (src/connection/worker-client/
// result-transfer.ts). Timed from the last chunk handed over to the result packed, and whole.
// Two ways, alternating in the same rounds:
// - held: the answer held by the protocol (`holdFrom`, as the console's worker calls it from
//   1 MiB): its text kept in the pieces decoded as it arrived, its bytes in a Blob;
// - whole: the same answer taken whole (as an answer under 1 MiB is): the body's bytes joined
//   into one array and its text into one string, then DataStubs found in it for the page.
import {
  blankPage,
  bundleScript,
  launchChromium,
  requireChromium,
  runInWorker,
} from './support/chromium.ts';
import { fileURLToPath } from 'node:url';
import { loadAverage } from './support/load-average.ts';
import { median } from './support/median.ts';
import { stubsPayload } from './support/stubs-payload.ts';
import { tableRow } from './support/table.ts';

const STUBS = 30_000;
const CHUNK_BYTES = 64 * 1024;
const HOLD_FROM = 1024 * 1024;
const ROUNDS = 4;
/** Calls per way and round; the first of each round is its warm-up, not counted. */
const CALLS = 4;
const NAMESPACE = 'http://assets.example.net/inode/';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The emulator's kind of HTTP GET answer (the reference service's layout) around the stubs. */
function httpGetAnswer(payload: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<MediaVault_Inode xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="${NAMESPACE}">\n  <Success>true</Success>\n  <ErrorMessage />\n  <DataStubs>\n    ${payload}\n  </DataStubs>\n  <NewRecordID />\n  <UserID>user-6384e2b2184b</UserID>\n</MediaVault_Inode>`;
}

const script = await bundleScript(
  `
  import { createInodeClient } from './src/protocol/client.ts';
  import { packResult } from './src/connection/worker-client/result-transfer.ts';
  import { chunkedFetch } from './bench/support/chunked-fetch.ts';

  const params = { OpenIDKey: 'k', AssetType: '', OtherFilterCriteria: '' };

  async function call(bytes, chunkBytes, holdFrom) {
    const headers = { 'content-type': 'text/xml; charset=utf-8' };
    const { fetch, lastChunkAt } = chunkedFetch(bytes, chunkBytes, headers, { copy: true });
    const client = createInodeClient({
      baseUrl: 'http://bench', binding: 'http-get', namespace: '${NAMESPACE}', fetch,
    });
    let bodyBytes;
    let parts = 0;
    const options = {
      onBodyBytes: (received) => void (bodyBytes = received),
      onDataStubsHead: () => undefined,
      onDataStubsRest: { part: () => void parts++, end: () => undefined },
    };
    const started = performance.now();
    const value = holdFrom === null
      ? await client.getAssetStubs(params, options)
      : await client.getAssetStubs(params, { ...options, holdFrom });
    const packed = packResult(value, bodyBytes, false);
    const done = performance.now();
    if (!value.record.Success || parts === 0 || !packed.value) throw new Error('unexpected answer');
    return { end: done - lastChunkAt(), whole: done - started };
  }

  self.onmessage = async (event) => {
    const { text, chunkBytes, holdFrom, calls } = event.data;
    const bytes = new TextEncoder().encode(text);
    const end = [];
    const whole = [];
    for (let i = 0; i < calls; i++) {
      const timing = await call(bytes, chunkBytes, holdFrom);
      end.push(timing.end);
      whole.push(timing.whole);
    }
    self.postMessage({ end: end.slice(1), whole: whole.slice(1) });
  };
  `,
  root,
  'client-end-browser-entry.ts',
);

interface Calls {
  end: number[];
  whole: number[];
}

const answer = httpGetAnswer(stubsPayload(STUBS, { ascii: true }));
const byteLength = new TextEncoder().encode(answer).byteLength;
const ways = [
  { name: 'held (holdFrom 1 MiB)', holdFrom: HOLD_FROM as number | null },
  { name: 'whole (joined)', holdFrom: null },
];

const browser = await launchChromium(await requireChromium());
try {
  const page = await blankPage(browser, 'client-end');
  const runCalls = (holdFrom: number | null) =>
    runInWorker<Calls>(page, script, {
      text: answer,
      chunkBytes: CHUNK_BYTES,
      holdFrom,
      calls: CALLS,
    });

  const figures = new Map(
    ways.map((way) => [way.name, { end: [] as number[], whole: [] as number[] }]),
  );
  const ratios: number[] = [];
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ends = new Map<string, number>();
    // The order alternates, so that neither way always runs first in a round.
    const order = round % 2 === 0 ? ways : [...ways].reverse();
    for (const way of order) {
      const calls = await runCalls(way.holdFrom);
      const kept = figures.get(way.name);
      kept?.end.push(...calls.end);
      kept?.whole.push(...calls.whole);
      ends.set(way.name, median(calls.end));
    }
    ratios.push((ends.get(ways[0]?.name ?? '') ?? 0) / (ends.get(ways[1]?.name ?? '') ?? 1));
    loads.push(loadAverage());
  }
  console.log(
    `\nclient worker, HTTP GET answer of ${STUBS} stubs, ${(byteLength / 1e6).toFixed(1)} MB in ${CHUNK_BYTES / 1024} KB chunks; ${ROUNDS} rounds of ${CALLS - 1} calls after one to warm up (medians); load ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`,
  );
  const widths = [26, 24, 18];
  console.log(tableRow(['', 'last chunk → packed ms', 'whole call ms'], widths));
  for (const [name, kept] of figures) {
    console.log(
      tableRow([name, median(kept.end).toFixed(1), median(kept.whole).toFixed(1)], widths),
    );
  }
  console.log(
    `held / whole, after the last chunk, per round: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}`,
  );
} finally {
  await browser.close();
}
