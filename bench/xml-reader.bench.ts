// npm run bench -- xml-reader
// The one XML reader (src/xml/reader) on a ~10 MB DataStubs payload of 30,000 stubs as the
// embedded emulator writes them (indented, five fields each), side by side in the same rounds
// with saxes (a conformant namespace-aware SAX parser) and fast-xml-parser's validator, each
// reading the same string and doing nothing else.
// Timed: the reader alone (scan), and the protocol's pass over the whole HTTP POST answer, which
// checks it and indexes its DataStubs region (scan + index). The viewer's passes over the same
// reader are timed by the viewer and xpath benches (in Chromium and in Node).
// Targets: scan and scan + index >= 200 MB/s and >= 2x saxes.
// Then a 10 M-character comment, CDATA section and processing instruction, each read whole and
// fed in 64 KB chunks (as a streamed answer arrives): in chunks within 2x of whole, i.e. linear.
import { SaxesParser } from 'saxes';
import { XMLValidator } from 'fast-xml-parser';
import { scanDocument } from '../src/protocol/decode/scan-document.ts';
import { WarningSink } from '../src/protocol/decode/xml-text.ts';
import { ignoreXml, readXml, XmlReader } from '../src/xml/reader/xml-reader.ts';
import { collectGarbage } from './support/gc.ts';
import { median } from './support/median.ts';
import { stubsPayload } from './support/stubs-payload.ts';
import { tableRow } from './support/table.ts';

const STUBS = 30_000;
const ROUNDS = 11;
/** Unmeasured rounds first, so that every contender runs optimized code when timed. */
const WARM_UP = 4;
const TARGET_MB_S = 200;
const TARGET_SAXES_RATIO = 2;
const payload = stubsPayload(STUBS);
const answer = `<?xml version="1.0" encoding="utf-8"?>\n<Emulator_Inode xmlns="urn:inode:bench">\n  <Success>true</Success>\n  <ErrorMessage />\n  <DataStubs>${payload}</DataStubs>\n  <UserID>user-1</UserID>\n</Emulator_Inode>`;
const megabytes = payload.length / 1e6;

const contenders: Array<{ name: string; target: boolean; run: () => void }> = [
  {
    name: 'reader: scan',
    target: true,
    run: () => readXml(payload, ignoreXml, { fragment: true }),
  },
  {
    name: 'reader: scan + index (protocol)',
    target: true,
    run: () => {
      if (scanDocument(answer, new WarningSink()).regions.length !== 1)
        throw new Error('no DataStubs');
    },
  },
  {
    name: 'saxes (xmlns)',
    target: false,
    run: () => {
      const parser = new SaxesParser({ xmlns: true });
      parser.on('error', (error) => {
        throw error;
      });
      parser.write(payload).close();
    },
  },
  {
    name: 'fast-xml-parser validator',
    target: false,
    run: () => {
      if (XMLValidator.validate(payload) !== true) throw new Error('fast-xml-parser refused it');
    },
  },
];

const times = contenders.map(() => [] as number[]);
// Steady state by default: no forced GC, since a full GC deoptimizes code that embedded objects
// which have since died (V8's "weak objects"), and every contender would then be timed
// re-optimizing rather than reading (saxes included: about 30 % slower). BENCH_XML_READER_GC=1
// forces one per round, for that harsher figure. The order rotates so that each contender runs
// first in a round as often as the others.
const forceGc = process.env.BENCH_XML_READER_GC === '1';
for (let round = 0; round < WARM_UP + ROUNDS; round++) {
  if (forceGc) collectGarbage();
  for (let k = 0; k < contenders.length; k++) {
    const i = (round + k) % contenders.length;
    const started = performance.now();
    contenders[i]?.run();
    if (round >= WARM_UP) times[i]?.push(performance.now() - started);
  }
}

const widths = [34, 12, 10, 10];
const rate = (ms: number) => megabytes / (ms / 1000);
const saxesTimes = times[contenders.findIndex((c) => c.name.startsWith('saxes'))] ?? [];
// Per-round ratios: each round runs every contender back to back under the same load.
const vsSaxes = (i: number) =>
  median((times[i] ?? []).map((t, round) => (saxesTimes[round] ?? t) / t));
console.log(
  `payload: ${megabytes.toFixed(1)} M chars, ${STUBS} stubs (answer ${(answer.length / 1e6).toFixed(1)} M chars); ${ROUNDS} rounds after ${WARM_UP} to warm up (median)${forceGc ? ', a full GC before each round' : ''}`,
);
console.log(tableRow(['', 'median ms', 'MB/s', 'vs saxes'], widths));
let ok = true;
contenders.forEach((contender, i) => {
  const ms = median(times[i] ?? []);
  const ratio = vsSaxes(i);
  if (contender.target && (rate(ms) < TARGET_MB_S || ratio < TARGET_SAXES_RATIO)) ok = false;
  console.log(
    tableRow([contender.name, ms.toFixed(1), rate(ms).toFixed(0), `${ratio.toFixed(2)}x`], widths),
  );
});
console.log(
  `reader scan and scan + index: target >= ${TARGET_MB_S} MB/s and >= ${TARGET_SAXES_RATIO}x saxes: ${ok ? 'OK' : 'UNDER TARGET'}`,
);

// A construct of megabytes cut by every chunk: whole against 64 KB chunks, in the same rounds.
const CHUNK = 64 * 1024;
const filler = 'long - ] ]] ? text\n'.repeat(500_000);
const longConstructs: Array<[string, string]> = [
  ['comment', `<r><!--${filler}--></r>`],
  ['CDATA section', `<r><![CDATA[${filler}]]></r>`],
  ['processing instruction', `<r><?pi ${filler}?></r>`],
];
console.log(
  `\none construct of ${(filler.length / 1e6).toFixed(1)} M chars, read whole and in ${CHUNK / 1024} KB chunks (median of 5):`,
);
console.log(tableRow(['', 'whole ms', 'chunks ms', 'ratio'], widths));
let linear = true;
for (const [name, xml] of longConstructs) {
  const whole: number[] = [];
  const chunked: number[] = [];
  for (let round = 0; round < 6; round++) {
    let started = performance.now();
    readXml(xml, ignoreXml);
    if (round > 0) whole.push(performance.now() - started);
    started = performance.now();
    const reader = new XmlReader(ignoreXml);
    for (let at = 0; at < xml.length; at += CHUNK) reader.write(xml.slice(at, at + CHUNK));
    reader.end();
    if (round > 0) chunked.push(performance.now() - started);
  }
  const ratio = median(chunked) / median(whole);
  if (ratio > 2) linear = false;
  console.log(
    tableRow(
      [name, median(whole).toFixed(1), median(chunked).toFixed(1), `${ratio.toFixed(2)}x`],
      widths,
    ),
  );
}
console.log(`in chunks within 2x of whole: ${linear ? 'OK' : 'NOT LINEAR'}`);
