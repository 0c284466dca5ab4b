// npm run bench -- analyze-xml
// The viewer worker's analysis (src/xml/analyze-xml.ts) in Node on the emulator's 30,000 stubs
// (~12 M characters): the whole string as the worker gets it today, in its two passes (pretty
// text alone, then the index alone) and in one; and the same payload in 64 KB chunks through
// XmlAnalyzer in one pass (pretty and index together), as a streamed body would arrive. Also
// the time to the first head (60,000 characters of pretty lines) of each.
// BENCH_ANALYZE_BASELINE=<dir> times <dir>/src/xml/analyze-xml.ts in the same rounds (another
// checkout, e.g. `git archive main src | tar -x -C <dir>`), so before and after share the load.
import { pathToFileURL } from 'node:url';
import { analyzeXml, XmlAnalyzer, type AnalyzeOptions } from '../src/xml/analyze-xml.ts';
import { loadAverage } from './support/load-average.ts';
import { median } from './support/median.ts';
import { stubsPayload } from './support/stubs-payload.ts';
import { tableRow } from './support/table.ts';

const STUBS = 30_000;
const CHUNK = 64 * 1024;
const ROUNDS = 11;
const WARM_UP = 4;

type Analyze = (xml: string, options?: AnalyzeOptions) => unknown;

const payload = stubsPayload(STUBS);
// The parts as the worker gets them: 64 KB of UTF-8 each, decoded by a streaming TextDecoder
// (decoded ahead here, so that only the analysis is timed).
const bytes = new TextEncoder().encode(payload);
const decoder = new TextDecoder();
const chunks: string[] = [];
for (let at = 0; at < bytes.length; at += CHUNK) {
  chunks.push(decoder.decode(bytes.subarray(at, at + CHUNK), { stream: true }));
}

const baselineDir = process.env.BENCH_ANALYZE_BASELINE;
const baseline: Analyze | null = baselineDir
  ? ((
      (await import(pathToFileURL(`${baselineDir}/src/xml/analyze-xml.ts`).href)) as {
        analyzeXml: Analyze;
      }
    ).analyzeXml as Analyze)
  : null;

interface Contender {
  name: string;
  /** Runs once; returns the ms to the first head, or NaN when it gives none. */
  run: () => number;
}

/** Times `analyze` from its start to its onHead call (the whole run is timed outside). */
function withHead(analyze: (onHead: () => void) => void): () => number {
  return () => {
    const started = performance.now();
    let head = Number.NaN;
    analyze(() => {
      head = performance.now() - started;
    });
    return head;
  };
}

function wholeContenders(label: string, analyze: Analyze): Contender[] {
  return [
    {
      name: `${label}: pretty pass (worker pass 1)`,
      run: withHead((onHead) => analyze(payload, { buildIndex: false, onHead })),
    },
    {
      name: `${label}: index pass (worker pass 2)`,
      run: () => (analyze(payload, { emitPretty: false }), Number.NaN),
    },
    {
      name: `${label}: one pass, pretty + index`,
      run: withHead((onHead) => analyze(payload, { onHead })),
    },
  ];
}

const contenders: Contender[] = [
  ...(baseline ? wholeContenders('main', baseline) : []),
  ...wholeContenders('this', analyzeXml),
  {
    name: 'this: 64 KB parts, one pass',
    run: withHead((onHead) => {
      const analyzer = new XmlAnalyzer({ onHead });
      for (const chunk of chunks) analyzer.write(chunk);
      analyzer.end();
    }),
  },
  {
    name: 'this: 64 KB parts, pretty only',
    run: withHead((onHead) => {
      const analyzer = new XmlAnalyzer({ onHead, buildIndex: false });
      for (const chunk of chunks) analyzer.write(chunk);
      analyzer.end();
    }),
  },
];

const times = contenders.map(() => [] as number[]);
const heads = contenders.map(() => [] as number[]);
const loads: number[] = [];
// The order rotates so that each contender runs first in a round as often as the others.
for (let round = 0; round < WARM_UP + ROUNDS; round++) {
  for (let k = 0; k < contenders.length; k++) {
    const i = (round + k) % contenders.length;
    const started = performance.now();
    const head = contenders[i]?.run() ?? Number.NaN;
    if (round >= WARM_UP) {
      times[i]?.push(performance.now() - started);
      heads[i]?.push(head);
    }
  }
  if (round >= WARM_UP) loads.push(loadAverage());
}

const megabytes = payload.length / 1e6;
const widths = [40, 12, 10, 14, 12];
// Per-round ratios to main's same case (or, for the parts, to this whole one pass): each round
// runs every case back to back under the same load.
const baseOf = (name: string) =>
  name.startsWith('this: 64 KB parts, one pass')
    ? 'this: one pass, pretty + index'
    : name.startsWith('this: ')
      ? name.replace('this: ', 'main: ')
      : '';
const ratio = (i: number) => {
  const base = contenders.findIndex((c) => c.name === baseOf(contenders[i]?.name ?? ''));
  if (base < 0) return '';
  const rounds = (times[i] ?? []).map((t, round) => t / (times[base]?.[round] ?? t));
  return `${median(rounds).toFixed(2)}x`;
};
console.log(
  `payload: ${megabytes.toFixed(1)} M chars, ${STUBS} stubs, ${chunks.length} parts of 64 KB (UTF-8); ${ROUNDS} rounds after ${WARM_UP} to warm up (median); load ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`,
);
console.log(tableRow(['', 'median ms', 'MB/s', 'first head ms', 'vs base'], widths));
contenders.forEach((contender, i) => {
  const ms = median(times[i] ?? []);
  const head = median(heads[i] ?? []);
  console.log(
    tableRow(
      [
        contender.name,
        ms.toFixed(1),
        (megabytes / (ms / 1000)).toFixed(0),
        Number.isNaN(head) ? '' : head.toFixed(2),
        ratio(i),
      ],
      widths,
    ),
  );
});
console.log(
  "vs base: per-round median of the time over main's same case (the parts: over this whole one pass)",
);
