// npm run bench -- xml-reader
// The one XML reader (src/xml/reader) on a ~10 MB DataStubs payload of 30,000 stubs, side by
// side in the same rounds with saxes (a conformant namespace-aware SAX parser) and
// fast-xml-parser's validator, each reading the same string and doing nothing else.
// Timed: the reader alone (scan), the reader building the viewer's tree index without the
// pretty text (scan + index) and with it (the viewer's first pass).
// Targets: scan + index >= 200 MB/s and >= 2x saxes.
import { SaxesParser } from 'saxes';
import { XMLValidator } from 'fast-xml-parser';
import { analyzeXml } from '../src/xml/analyze-xml.ts';
import { ignoreXml, readXml } from '../src/xml/reader/xml-reader.ts';
import { collectGarbage } from './support/gc.ts';
import { median } from './support/median.ts';
import { tableRow } from './support/table.ts';

const STUBS = 30_000;
const ROUNDS = 9;
const TARGET_MB_S = 200;
const TARGET_SAXES_RATIO = 2;
const MEDIA = ['image', 'audio', 'video', 'text'];

const parts = ['<AssetStubs xmlns="urn:inode:assets">'];
for (let i = 0; i < STUBS; i++) {
  const id = `${((i * 2654435761) % 0xffffffff).toString(16).padStart(8, '0')}-7c77-4fbb-bff0-${i.toString(16).padStart(12, '0')}`;
  parts.push(
    `<Stub ID="${id}" Type="UserAssetIndex" ServiceURI="http://media.example.org/vault/collection-${i % 97}/item-${i}" MediaType="${MEDIA[i % 4]}"><Title>Tom &amp; Jerry &lt;${i}&gt; café 漢字 ${i}</Title><Created>2026-11-25T09:00:00Z</Created></Stub>`,
  );
}
parts.push('</AssetStubs>');
const xml = parts.join('');
const megabytes = xml.length / 1e6;

const contenders: Array<{ name: string; run: () => void }> = [
  { name: 'reader: scan', run: () => readXml(xml, ignoreXml, { fragment: true }) },
  {
    name: 'reader: scan + index',
    run: () => {
      if (!analyzeXml(xml, { emitPretty: false }).index) throw new Error('no index');
    },
  },
  {
    name: 'reader: scan + index + pretty',
    run: () => {
      if (analyzeXml(xml).pretty.length < xml.length / 2) throw new Error('no pretty text');
    },
  },
  {
    name: 'saxes (xmlns)',
    run: () => {
      const parser = new SaxesParser({ xmlns: true });
      parser.on('error', (error) => {
        throw error;
      });
      parser.write(xml).close();
    },
  },
  {
    name: 'fast-xml-parser validator',
    run: () => {
      if (XMLValidator.validate(xml) !== true) throw new Error('fast-xml-parser refused it');
    },
  },
];

const times = contenders.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round++) {
  contenders.forEach((contender, i) => {
    collectGarbage();
    const started = performance.now();
    contender.run();
    times[i]?.push(performance.now() - started);
  });
}

const widths = [30, 12, 10, 14];
const rate = (ms: number) => megabytes / (ms / 1000);
console.log(`payload: ${megabytes.toFixed(1)} M chars, ${STUBS} stubs; ${ROUNDS} rounds (median)`);
console.log(tableRow(['', 'median ms', 'MB/s', 'vs saxes'], widths));
const saxesIndex = contenders.findIndex((c) => c.name.startsWith('saxes'));
const saxesTimes = times[saxesIndex] ?? [];
const medians = times.map((t) => median(t));
contenders.forEach((contender, i) => {
  const ms = medians[i] ?? 0;
  // Per-round ratios: each round runs every contender back to back under the same load.
  const ratio = median((times[i] ?? []).map((t, round) => (saxesTimes[round] ?? t) / t));
  console.log(
    tableRow([contender.name, ms.toFixed(1), rate(ms).toFixed(0), `${ratio.toFixed(2)}x`], widths),
  );
});
const indexMs = medians[1] ?? 0;
const indexRatio = median((times[1] ?? []).map((t, round) => (saxesTimes[round] ?? t) / t));
const ok = rate(indexMs) >= TARGET_MB_S && indexRatio >= TARGET_SAXES_RATIO;
console.log(
  `scan + index: ${rate(indexMs).toFixed(0)} MB/s (target >= ${TARGET_MB_S}), ${indexRatio.toFixed(2)}x saxes (target >= ${TARGET_SAXES_RATIO}x): ${ok ? 'OK' : 'UNDER TARGET'}`,
);
