/** What the viewer bench measures and how, from its environment variables (see viewer.bench.ts). */
import type { BareChromium } from '../support/bare-chromium.ts';

export interface Size {
  id: string;
  label: string;
  stubs: number;
  table: boolean;
}

/** One size's figures by name, as the scenarios fill them in and the report reads them. */
export type Results = Record<string, string | number>;

/** What each scenario of one size works with: its pages open in `chromium`, on `origin`. */
export interface SizeRun {
  chromium: BareChromium;
  origin: string;
  size: Size;
  results: Results;
  /** Called when one of its pages crashes. */
  onCrash: () => void;
}

// Emulator stubs are about 340 bytes each in the HTTP GET body.
const SIZES: Size[] = [
  { id: '1mb', label: '1 MB', stubs: 3_000, table: true },
  { id: '10mb', label: '10 MB', stubs: 30_000, table: true },
  { id: '100k', label: '100,000 stubs', stubs: 100_000, table: true },
  { id: '50mb', label: '> 50 MB', stubs: 160_000, table: false },
  // Just under the answer ceiling's default (250 MB): what the console promises to open.
  { id: '250mb', label: '250 MB', stubs: 600_000, table: false },
];

const wanted = (process.env.VIEWER_BENCH_SIZES ?? '').split(',').filter(Boolean);
const unknown = wanted.filter((id) => !SIZES.some((s) => s.id === id));
if (unknown.length) {
  // A mistyped size would otherwise measure nothing and still end as a success.
  throw new Error(
    `VIEWER_BENCH_SIZES: unknown size ${unknown.join(', ')}; the sizes are ${SIZES.map((s) => s.id).join(', ')}`,
  );
}
/** VIEWER_BENCH_SIZES=1mb,10mb: those sizes only. */
export const sizes = wanted.length ? SIZES.filter((s) => wanted.includes(s.id)) : SIZES;
/** The emulator's key for its seeded stubs. */
export const KEY = 'seed-stubs';
export const TIMEOUT_MS = 240_000;
/** The pages' viewport, in CSS pixels. */
export const VIEWPORT = { width: 1400, height: 900 };

/**
 * 'stubs': the console's Asset stubs page (default). 'harness': a dev-only page in the viewer's
 * folder that calls the protocol client and renders the viewer alone, to isolate its share.
 */
export const PAGE = process.env.VIEWER_BENCH_PAGE === 'harness' ? 'harness' : 'stubs';
/** The harness page exists only in development. */
export const SERVER =
  process.env.VIEWER_BENCH_SERVER === 'dev' || PAGE === 'harness' ? 'dev' : 'production';
export const REPEATS = Number(process.env.VIEWER_BENCH_REPEATS ?? 3);
/**
 * VIEWER_BENCH_TRACE=1: one more Pretty load per size, traced (not counted in the medians), and
 * where the time from the response to the first screen went, per thread.
 */
export const TRACE = process.env.VIEWER_BENCH_TRACE === '1';
/**
 * VIEWER_BENCH_SCHED=1, with the traced load kept (VIEWER_BENCH_TRACE_FILE): the kernel's scheduler
 * switches recorded beside it (perf), and each of its long tasks split into the time the page ran,
 * waited for a core and slept (bench/support/off-cpu.ts).
 */
export const SCHED = process.env.VIEWER_BENCH_SCHED === '1';
/**
 * VIEWER_BENCH_TRACE_TYPING_MS (0): the traced load's form is sent this long after its page
 * opened, as VIEWER_BENCH_TYPING_MS does for its loads; 0 sends it at once, as the measured loads.
 */
export const TRACE_TYPING_MS = Number(process.env.VIEWER_BENCH_TRACE_TYPING_MS ?? 0);
/**
 * VIEWER_BENCH_TRACE_V8=1: the traced load also records V8's compile and collection jobs (whose
 * thread asked for each optimized compile), as the kept Table trace always does.
 */
export const TRACE_V8 = process.env.VIEWER_BENCH_TRACE_V8 === '1';
if (SCHED && (!TRACE || !process.env.VIEWER_BENCH_TRACE_FILE)) {
  // Otherwise it would record nothing and say nothing.
  throw new Error('VIEWER_BENCH_SCHED=1 needs VIEWER_BENCH_TRACE=1 and VIEWER_BENCH_TRACE_FILE');
}
/**
 * VIEWER_BENCH_TASKS=1: each Pretty load's and the Table load's main-thread tasks over 50 ms, as
 * "start: duration" in ms from the response's last byte (a negative start: while the answer
 * arrived).
 */
export const LIST_TASKS = process.env.VIEWER_BENCH_TASKS === '1';
/**
 * VIEWER_BENCH_TYPING_MS (3000): one more Pretty load (and, where the Table is built at once, one
 * more Table load) whose form is sent this long after the page opened, as a person typing the
 * key would send it (the other loads send it as soon as the bench has filled it in, about 1.1 s
 * after the page opened, while the page still matches its fonts); 0 skips them.
 */
export const TYPING_MS = Number(process.env.VIEWER_BENCH_TYPING_MS ?? 3000);
/**
 * VIEWER_BENCH_CPU=1: REPEATS more Pretty loads per size, each followed for VIEWER_BENCH_CPU_MS
 * (8000) from its click, with the CPU each process and each kind of renderer thread spent in its
 * first VIEWER_BENCH_CPU_EARLY_MS (500) and in the whole span, from Linux's /proc (elsewhere the
 * bench says it cannot and goes on).
 */
export const CPU_SPLIT = process.env.VIEWER_BENCH_CPU === '1';
export const CPU_SPLIT_MS = Number(process.env.VIEWER_BENCH_CPU_MS ?? 8000);
export const CPU_SPLIT_EARLY_MS = Number(process.env.VIEWER_BENCH_CPU_EARLY_MS ?? 500);
/** VIEWER_BENCH_NATIVE=0: no native viewer baseline (up to NATIVE_CAP_MS per size). */
export const NATIVE = process.env.VIEWER_BENCH_NATIVE !== '0';
/**
 * VIEWER_BENCH_NATIVE_CAP_S (120): how long the native viewer may load one size before the bench
 * stops waiting and reports that time as a lower bound. It loaded 10 MB in 18–28 s on the 2-core
 * machine, and 66 MB not within 11 minutes (its renderer then held 10 GB).
 */
export const NATIVE_CAP_MS = Number(process.env.VIEWER_BENCH_NATIVE_CAP_S ?? 120) * 1000;

/** A size's label as a file-name part: "10 MB" → "10-MB". */
export const fileLabel = (label: string) => label.replace(/\W+/g, '-');
