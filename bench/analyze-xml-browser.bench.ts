// npm run bench -- analyze-xml-browser
// The viewer worker's first pass (src/xml/analyze-xml.ts: the pretty text, no index) in a
// Chromium worker, over the emulator's 30,000 stubs (~12 M characters) in parts of 64 KB of UTF-8
// decoded ahead, as the worker reads an answer that arrives: every part written, then the end
// (the analysis the worker posts, with the text it keeps for the page's lines and searches).
// Twice: ASCII ServiceURIs, as the emulator's seeded stubs (the viewer bench's payload), and
// non-ASCII ones. In Node (`-- analyze-xml`), fresh memory and the engine's string decoding cost
// what they cost there; this is the browser's.
// BENCH_ANALYZE_BASELINE=<dir> runs <dir>'s analyzer in the same rounds, alternating (e.g.
// `git archive <commit> src | tar -x -C <dir>`), and prints the per-round ratio.
import { fileURLToPath } from 'node:url';
import {
  blankPage,
  bundleScript,
  launchChromium,
  requireChromium,
  runInWorker,
} from './support/chromium.ts';
import { loadAverage } from './support/load-average.ts';
import { median } from './support/median.ts';
import { stubsPayload } from './support/stubs-payload.ts';
import { tableRow } from './support/table.ts';

const STUBS = 30_000;
const PART_BYTES = 64 * 1024;
const ROUNDS = 3;
/** Passes per worker and round; the first of each worker is its warm-up, not counted. */
const PASSES = 6;

const root = fileURLToPath(new URL('..', import.meta.url));
const baselineDir = process.env.BENCH_ANALYZE_BASELINE;

/** The worker's script: the analyzer of the checkout at `dir`, timed pass by pass. */
function workerScript(dir: string): Promise<string> {
  return bundleScript(
    `
    import { XmlAnalyzer } from './src/xml/analyze-xml.ts';
    self.onmessage = (event) => {
      const { parts, passes } = event.data;
      const write = [];
      const end = [];
      for (let pass = 0; pass < passes; pass++) {
        const started = performance.now();
        const analyzer = new XmlAnalyzer({ buildIndex: false, onHead: () => undefined });
        for (const part of parts) analyzer.write(part);
        const written = performance.now();
        const { pretty } = analyzer.end();
        const ended = performance.now();
        if (pretty.length < parts.length) throw new Error('no pretty text');
        write.push(written - started);
        end.push(ended - written);
      }
      self.postMessage({ write: write.slice(1), end: end.slice(1) });
    };
    `,
    dir,
    'analyze-xml-browser-entry.ts',
  );
}

/** The payload as the worker receives it: 64 KB parts of UTF-8, decoded by a streaming decoder. */
function partsOf(payload: string): string[] {
  const bytes = new TextEncoder().encode(payload);
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += PART_BYTES) {
    parts.push(decoder.decode(bytes.subarray(at, at + PART_BYTES), { stream: true }));
  }
  return parts;
}

interface Passes {
  write: number[];
  end: number[];
}

const contenders = [
  { name: 'this', script: await workerScript(root) },
  ...(baselineDir ? [{ name: 'baseline', script: await workerScript(baselineDir) }] : []),
];
const payloads = [
  { name: 'ASCII', parts: partsOf(stubsPayload(STUBS, { ascii: true })) },
  { name: 'non-ASCII', parts: partsOf(stubsPayload(STUBS)) },
];

const browser = await launchChromium(await requireChromium());
try {
  const page = await blankPage(browser, 'analyze');
  const runPasses = (script: string, parts: string[]) =>
    runInWorker<Passes>(page, script, { parts, passes: PASSES });

  const widths = [34, 10, 10, 10, 12];
  for (const payload of payloads) {
    const chars = payload.parts.reduce((sum, part) => sum + part.length, 0);
    const figures = new Map(
      contenders.map((c) => [
        c.name,
        { write: [] as number[], end: [] as number[], total: [] as number[] },
      ]),
    );
    const ratios: number[] = [];
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const totals = new Map<string, number>();
      // The order alternates, so that neither side always runs first in a round.
      const order = round % 2 === 0 ? contenders : [...contenders].reverse();
      for (const contender of order) {
        const passes = await runPasses(contender.script, payload.parts);
        const kept = figures.get(contender.name);
        passes.write.forEach((write, i) => {
          const end = passes.end[i] ?? 0;
          kept?.write.push(write);
          kept?.end.push(end);
          kept?.total.push(write + end);
        });
        totals.set(
          contender.name,
          median(passes.write.map((write, i) => write + (passes.end[i] ?? 0))),
        );
      }
      if (baselineDir) ratios.push((totals.get('this') ?? 0) / (totals.get('baseline') ?? 1));
      loads.push(loadAverage());
    }
    console.log(
      `\n${payload.name}: ${(chars / 1e6).toFixed(1)} M characters in ${payload.parts.length} parts; ${ROUNDS} rounds of ${PASSES - 1} passes after one to warm up (medians); load ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`,
    );
    console.log(tableRow(['', 'parts ms', 'end ms', 'total ms', 'MB/s'], widths));
    for (const [name, kept] of figures) {
      const total = median(kept.total);
      console.log(
        tableRow(
          [
            `${name}: pretty pass in parts`,
            median(kept.write).toFixed(1),
            median(kept.end).toFixed(1),
            total.toFixed(1),
            (chars / 1e6 / (total / 1000)).toFixed(0),
          ],
          widths,
        ),
      );
    }
    if (baselineDir) {
      console.log(
        `this / baseline, per round: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}`,
      );
    }
  }
} finally {
  await browser.close();
}
