// npm run bench -- compare
// Compares two DataStubs payloads of 30,000 stubs each (10 changed, 10 removed, 10 added) by
// meaning, row by row keyed by @ID, and times, in the same rounds, the baseline: reading both
// payloads with saxes (a standard namespace-aware SAX parser) and doing nothing else.
// Target: the whole comparison under 1 s.
import { compareXml } from '../src/xml/compare/compare-xml.ts';
import { SaxesParser } from 'saxes';
import { collectGarbage } from './support/gc.ts';
import { median } from './support/median.ts';

const RECORDS = 30_000;
const ROUNDS = 9;
const TARGET_MS = 1000;

function stub(i: number, media: string): string {
  const id = `${((i * 2654435761) % 0xffffffff).toString(16).padStart(8, '0')}-7c77-4fbb-bff0-${i.toString(16).padStart(12, '0')}`;
  return `<Stub ID="${id}" Type="UserAssetIndex" ServiceURI="http://m.example/${i}" MediaType="${media}"><Title>Tom &amp; Jerry &lt;${i}&gt; café 漢字</Title></Stub>`;
}

const MEDIA = ['image', 'audio', 'video', 'text'];
const left: string[] = ['<AssetStubs xmlns="">'];
const right: string[] = [
  '<a:AssetStubs xmlns:a="">'.replace('a:AssetStubs xmlns:a=""', 'AssetStubs'),
];
for (let i = 0; i < RECORDS; i++) {
  const media = MEDIA[i % 4]!;
  left.push(stub(i, media));
  if (i % 3000 === 1) continue; // removed on the right
  // Same meaning, other attribute order and layout on the right; every 3000th changed.
  const changed = i % 3000 === 2 ? 'changed' : media;
  right.push(
    `\n  ${stub(i, changed).replace(/ID="([^"]+)" Type="UserAssetIndex"/, 'Type="UserAssetIndex" ID="$1"')}`,
  );
}
for (let i = RECORDS; i < RECORDS + 10; i++) right.push(stub(i, 'image'));
left.push('</AssetStubs>');
right.push('</AssetStubs>');
const leftXml = left.join('');
const rightXml = right.join('');

const compareTimes: number[] = [];
const prettyTimes: number[] = [];
function saxRead(xml: string): number {
  let elements = 0;
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', () => {
    elements += 1;
  });
  parser.write(xml).close();
  return elements;
}
let counts = '';
for (let round = 0; round < ROUNDS; round++) {
  collectGarbage();
  let started = performance.now();
  const elements = saxRead(leftXml) + saxRead(rightXml);
  prettyTimes.push(performance.now() - started);
  if (elements < 2 * RECORDS) throw new Error('the baseline did not read the payloads');

  collectGarbage();
  started = performance.now();
  const result = compareXml(leftXml, rightXml);
  compareTimes.push(performance.now() - started);
  if (result.mode !== 'records') throw new Error(`expected a record diff, got ${result.mode}`);
  const { added, removed, changed, unchanged } = result.records;
  counts = `${added.length} added, ${removed.length} removed, ${changed.length} changed, ${unchanged.length} unchanged`;
  if (added.length !== 10 || removed.length !== 10 || changed.length !== 10) {
    throw new Error(`wrong diff: ${counts}`);
  }
}

const compareMs = median(compareTimes);
const prettyMs = median(prettyTimes);
const ratio = median(compareTimes.map((ms, i) => ms / (prettyTimes[i] ?? ms)));
console.log(
  `payloads: ${(leftXml.length / 1e6).toFixed(2)} M + ${(rightXml.length / 1e6).toFixed(2)} M chars, ${RECORDS} records each; ${ROUNDS} rounds; ${counts}`,
);
console.log(
  `baseline (saxes reads both payloads): median ${prettyMs.toFixed(1)} ms (fastest ${Math.min(...prettyTimes).toFixed(1)} ms)`,
);
console.log(
  `compare by meaning, both payloads, keyed by @ID: median ${compareMs.toFixed(1)} ms (fastest ${Math.min(...compareTimes).toFixed(1)} ms), target < ${TARGET_MS} ms: ${compareMs < TARGET_MS ? 'OK' : 'OVER TARGET'}`,
);
console.log(`ratio compare/saxes (median of per-round ratios): ${ratio.toFixed(2)}x`);
