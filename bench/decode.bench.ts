// npm run bench -- decode
// Decodes a ~10 MB SOAP 1.1 GetAssetStubs response (60,000+ stubs, with entities and non-ASCII)
// several times and compares it with the floor measured in the same run: TextDecoder over the
// bytes plus one indexOf scan over the text, i.e. the least any decoder must do. Target: the
// decoder takes at most 3x the floor.
import { decodeResponse } from '../src/protocol/decode/decode-response.ts';
import { DocumentScanner } from '../src/protocol/decode/scan-document.ts';
import { WarningSink } from '../src/protocol/decode/xml-text.ts';
import { decodeBody, performExchange } from '../src/protocol/transport.ts';
import { collectGarbage } from './support/gc.ts';
import { median } from './support/median.ts';
import { chunkedFetch } from './support/chunked-fetch.ts';

const NAMESPACE = 'http://assets.example.net/inode/';
const STUBS = 62_000;
const ROUNDS = 15;
const TARGET_RATIO = 3;

function buildResponse(): Uint8Array {
  const parts: string[] = [
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>',
    `<GetAssetStubsResponse xmlns="${NAMESPACE}"><GetAssetStubsResult><Success>true</Success><ErrorMessage /><DataStubs><AssetStubs xmlns="">`,
  ];
  const media = ['image', 'audio', 'video', 'text'];
  for (let i = 0; i < STUBS; i += 1) {
    const id = `${((i * 2654435761) % 0xffffffff).toString(16).padStart(8, '0')}-7c77-4fbb-bff0-${i.toString(16).padStart(12, '0')}`;
    const title = `Tom &amp; Jerry &lt;${i}&gt; café 漢字 😀`.slice(i % 2 ? 0 : 10);
    parts.push(
      `<Stub ID="${id}" Type="UserAssetIndex" ServiceURI="http://m.example/${i}" MediaType="${media[i % 4]}"><Title>${title}</Title></Stub>`,
    );
  }
  parts.push(
    '</AssetStubs></DataStubs><NewRecordID /><UserID>user-6384e2b2184b</UserID></GetAssetStubsResult></GetAssetStubsResponse></soap:Body></soap:Envelope>',
  );
  return new TextEncoder().encode(parts.join(''));
}

const bytes = buildResponse();
const megabytes = bytes.byteLength / 1e6;
const headers = { 'content-type': 'text/xml; charset=utf-8' };
const context = { operation: 'GetAssetStubs', binding: 'soap11', url: '/Inode.asmx' } as const;

let sink = 0;
const floorTimes: number[] = [];
const decodeTimes: number[] = [];
let stubLength = 0;
for (let round = 0; round < ROUNDS; round += 1) {
  collectGarbage();
  let started = performance.now();
  const text = new TextDecoder('utf-8').decode(bytes);
  sink += text.indexOf('\u0000');
  floorTimes.push(performance.now() - started);

  collectGarbage();
  started = performance.now();
  const decoded = decodeResponse(
    { operation: 'GetAssetStubs', binding: 'soap11', namespace: NAMESPACE },
    { status: 200, headers, bodyText: decodeBody(bytes, headers['content-type']) },
    context,
  );
  decodeTimes.push(performance.now() - started);
  stubLength = decoded.record.DataStubs?.length ?? 0;
  if (!decoded.record.Success || stubLength < bytes.byteLength / 2) {
    throw new Error('the benchmark response did not decode as expected');
  }
}

const floorMs = median(floorTimes);
const decodeMs = median(decodeTimes);
// Each round times the floor and the decoder back to back, so a round's ratio compares the two
// under the same machine load; the median of those is the headline figure.
const ratio = median(decodeTimes.map((ms, round) => ms / (floorTimes[round] ?? ms)));
const rate = (ms: number): string => `${(megabytes / (ms / 1000)).toFixed(0)} MB/s`;
const fastest = (times: number[]): number => Math.min(...times);
console.log(
  `response: ${megabytes.toFixed(2)} MB, ${STUBS} stubs; DataStubs string ${(stubLength / 1e6).toFixed(2)} M chars; ${ROUNDS} rounds`,
);
console.log(
  `floor  (TextDecoder + indexOf): median ${floorMs.toFixed(1)} ms  ${rate(floorMs)}  (fastest ${fastest(floorTimes).toFixed(1)} ms)`,
);
console.log(
  `decode (bytes -> typed record): median ${decodeMs.toFixed(1)} ms  ${rate(decodeMs)}  (fastest ${fastest(decodeTimes).toFixed(1)} ms)`,
);
console.log(
  `ratio decode/floor (median of per-round ratios): ${ratio.toFixed(2)}x, target <= ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'OK' : 'OVER TARGET'}; fastest/fastest ${(fastest(decodeTimes) / fastest(floorTimes)).toFixed(2)}x`,
);

// The client decodes and scans a GetAssetStubs answer as it arrives (performExchange's
// onBodyText feeding a DocumentScanner): what is left after the last byte is decoding the text whole
// and reading the small envelope. Timed here from the last 64 KB chunk's arrival to the record.
const CHUNK_BYTES = 64 * 1024;
const afterLastByte: number[] = [];
const whileArriving: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  collectGarbage();
  const scanner = new DocumentScanner(new WarningSink());
  const served = chunkedFetch(bytes, CHUNK_BYTES, headers);
  const started = performance.now();
  const exchange = await performExchange(
    { method: 'POST', url: 'http://bench/Inode.asmx', headers: {}, body: '' },
    { fetch: served.fetch, timeoutMs: 60_000, onBodyText: (piece) => scanner.push(piece) },
  );
  const decoded = decodeResponse(
    { operation: 'GetAssetStubs', binding: 'soap11', namespace: NAMESPACE },
    exchange.response,
    context,
    scanner,
  );
  const done = performance.now();
  afterLastByte.push(done - served.lastChunkAt());
  whileArriving.push(served.lastChunkAt() - started);
  if ((decoded.record.DataStubs?.length ?? 0) !== stubLength) {
    throw new Error('the answer decoded while arriving differs from the whole decode');
  }
}
console.log(
  `decoded while arriving (${CHUNK_BYTES / 1024} KB chunks): after the last chunk median ${median(afterLastByte).toFixed(1)} ms (whole decode: ${decodeMs.toFixed(1)} ms); the chunks' own decode and scan ${median(whileArriving).toFixed(1)} ms while arriving`,
);
if (sink === 42) console.log('');
