// npm run bench -- pretty-lines
// The viewer worker's API (src/workers/viewer/viewer-worker-api.ts) in Node, given a whole
// payload of the emulator's stubs as the page sends it: the analysis (start → onAnalyzed), then,
// from onAnalyzed, the worker's first `prettyLines` answer (the first 256 lines, what the Pretty
// view asks first) and a search placed on lines. Until 2026-11-26 the first of these found every
// line's start by a second pass over the pretty text; since, the pretty pass records them.
// BENCH_LINES_BASELINE=<dir> runs <dir>/src/workers/viewer/viewer-worker-api.ts in the same
// rounds (e.g. `git archive <commit> src | tar -x -C <dir>`), so before and after share the load.
// BENCH_LINES_STUBS=n sets the payload (160,000 stubs by default: 66 MB in the HTTP GET body).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectGarbage } from './support/gc.ts';
import { loadAverage } from './support/load-average.ts';
import { median } from './support/median.ts';
import { stubsPayload } from './support/stubs-payload.ts';
import { tableRow } from './support/table.ts';

const STUBS = Number(process.env.BENCH_LINES_STUBS ?? 160_000);
const ROUNDS = 5;
const WARM_UP = 1;
/** The page's limit for the tree and table: 66 MB is over it, so no index pass follows. */
const MAX_INDEX_BYTES = 50 * 1024 * 1024;

/**
 * What this bench calls of the worker's API and its events (viewer-worker-protocol.ts): the
 * worker's code is built for the browser, outside the Node project's types, so it is imported
 * by path, this checkout's as the baseline's.
 */
interface Events {
  onProgress(): void;
  onHead(): void;
  onTableHead(): void;
  onAnalyzed(result: { prettyLineCount: number }): void;
  onIndexed(): void;
  onFailed(message: string): void;
  onSummary(): void;
}
interface WorkerApi {
  warmUp(): void;
  analyze(payload: string, maxIndexBytes: number, events: Events): Promise<void>;
  prettyLines(from: number, to: number): string;
  search(query: string): { total: number };
}

async function workerApi(root: string): Promise<WorkerApi> {
  const module = (await import(
    pathToFileURL(`${root}/src/workers/viewer/viewer-worker-api.ts`).href
  )) as { createViewerWorkerApi: () => WorkerApi };
  return module.createViewerWorkerApi();
}

const payload = stubsPayload(STUBS);
const baselineDir = process.env.BENCH_LINES_BASELINE;

interface Times {
  /** analyze() called → onAnalyzed. */
  analysis: number;
  /** onAnalyzed → the first 256 lines answered. */
  firstLines: number;
  /** Then: a search for "Stub" placed on its lines. */
  search: number;
  lines: number;
}

/** One analysis of the payload; the answers are timed inside onAnalyzed, as the first request. */
function run(api: WorkerApi): Promise<Times> {
  collectGarbage();
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let times: Times | null = null;
    const events: Events = {
      onProgress: () => undefined,
      onHead: () => undefined,
      onTableHead: () => undefined,
      onAnalyzed: (result) => {
        const analyzed = performance.now();
        const first = api.prettyLines(0, 256);
        const answered = performance.now();
        const found = api.search('Stub');
        if (!first.startsWith('<AssetStubs') || found.total === 0) reject(new Error('no lines'));
        times = {
          analysis: analyzed - started,
          firstLines: answered - analyzed,
          search: performance.now() - answered,
          lines: result.prettyLineCount,
        };
      },
      onIndexed: () => undefined,
      onFailed: (message) => reject(new Error(message)),
      onSummary: () => (times ? resolve(times) : reject(new Error('no analysis'))),
    };
    void api.analyze(payload, MAX_INDEX_BYTES, events);
  });
}

const contenders: Array<readonly [string, WorkerApi]> = [
  ...(baselineDir ? [['before (second pass)', await workerApi(baselineDir)] as const] : []),
  ['now (recorded)', await workerApi(fileURLToPath(new URL('..', import.meta.url)))],
];
for (const [, api] of contenders) api.warmUp();

const results = contenders.map(() => [] as Times[]);
const loads: number[] = [loadAverage()];
for (let round = 0; round < WARM_UP + ROUNDS; round++) {
  // The order alternates so that each runs first in a round as often as the other.
  for (let k = 0; k < contenders.length; k++) {
    const i = (round + k) % contenders.length;
    const times = await run(contenders[i]?.[1] as WorkerApi);
    if (round >= WARM_UP) results[i]?.push(times);
  }
  if (round >= WARM_UP) loads.push(loadAverage());
}

const lineCount = results[0]?.[0]?.lines ?? 0;
console.log(
  `payload: ${(payload.length / 1e6).toFixed(1)} M chars, ${STUBS} stubs, ${lineCount.toLocaleString('en-US')} pretty lines; ${ROUNDS} rounds after ${WARM_UP} (median); load ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`,
);
const widths = [24, 14, 22, 14, 22];
console.log(
  tableRow(['', 'analysis ms', 'analyzed → lines ms', 'search ms', 'start → lines ms'], widths),
);
contenders.forEach(([name], i) => {
  const runs = results[i] ?? [];
  const of = (pick: (t: Times) => number) => median(runs.map(pick)).toFixed(1);
  console.log(
    tableRow(
      [
        name,
        of((t) => t.analysis),
        of((t) => t.firstLines),
        of((t) => t.search),
        of((t) => t.analysis + t.firstLines),
      ],
      widths,
    ),
  );
});
console.log('each round (analysis / analyzed → lines / search, ms):');
contenders.forEach(([name], i) => {
  const rounds = (results[i] ?? []).map(
    (t) => `${t.analysis.toFixed(0)} / ${t.firstLines.toFixed(1)} / ${t.search.toFixed(0)}`,
  );
  console.log(`  ${name}: ${rounds.join(', ')}`);
});
