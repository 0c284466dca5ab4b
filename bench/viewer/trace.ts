/**
 * Traced loads (VIEWER_BENCH_TRACE, VIEWER_BENCH_TRACE_FILE, VIEWER_BENCH_CPU_PROFILE): where the
 * time from the response to the first screen went, per thread, and kept traces and profiles for
 * a closer look (bench/support/task-profile.ts, bench/support/long-task-profile.ts).
 */
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BarePage } from '../support/bare-chromium.ts';
import { startCpuProfile } from '../support/cpu-profiler.ts';
import {
  markTime,
  traceEvents,
  windowBreakdown,
  type TimelineEvent,
} from '../support/trace-threads.ts';
import { printOffCpu } from '../support/off-cpu.ts';
import { startSchedRecording } from '../support/sched-recording.ts';
import { fileLabel, SCHED, TRACE_TYPING_MS, TRACE_V8, type SizeRun } from './config.ts';
import { ms } from './report.ts';
import {
  callStubs,
  FIRST_ROW_CHANGED,
  readMarks,
  sortByColumn,
  timeInPage,
  waitForMark,
  waitForWholeTable,
} from './page.ts';

const TRACE_CATEGORIES = ['toplevel', '__metadata', 'devtools.timeline', 'blink.user_timing'];
/** V8's compile and collection jobs, which take the cores from the page and the workers. */
const V8_CATEGORIES = [
  'disabled-by-default-v8.cpu_profiler',
  'v8',
  'v8.compile',
  'disabled-by-default-v8.compile',
  'v8.gc',
  'disabled-by-default-v8.gc',
];

/** The page's main-thread CPU profiler, started; the function returned stops it into a file. */
export function profilePage(page: BarePage): Promise<(file: string) => Promise<void>> {
  return startCpuProfile(page.send);
}

/** Prints each thread's busy and CPU time in a window of the trace (µs) and what held it. */
function printBreakdown(events: readonly TimelineEvent[], fromUs: number, toUs: number): void {
  for (const row of windowBreakdown(events, fromUs, toUs)) {
    const held = row.held.map(([what, n]) => `${what} ${n.toFixed(0)}`).join('; ');
    console.log(
      `    ${row.thread}: busy ${row.busyMs.toFixed(0)} ms, CPU ${row.cpuMs.toFixed(0)} ms — ${held}`,
    );
  }
}

/**
 * A traced Pretty load on `page` (just opened): prints what each thread did from the response to
 * the viewer's mount and on to the first screen.
 */
export async function tracedPrettyLoad(run: SizeRun, page: BarePage): Promise<void> {
  const label = run.size.label;
  // VIEWER_BENCH_SCHED=1 (with a kept trace): the kernel's scheduler switches beside the trace.
  const keep = process.env.VIEWER_BENCH_TRACE_FILE;
  const sched =
    keep && SCHED ? await startSchedRecording(`${keep}-${fileLabel(label)}`) : undefined;
  if (typeof sched === 'string') console.log(`  [${label} trace] ${sched}`);
  const stopTracing = await run.chromium.startTracing(
    TRACE_V8 ? [...TRACE_CATEGORIES, ...V8_CATEGORIES] : TRACE_CATEGORIES,
  );
  // VIEWER_BENCH_CPU_PROFILE=prefix: a CPU profile of the page's main thread over the same load,
  // to the whole text ready (npx tsx bench/support/long-task-profile.ts file 40).
  const cpuProfile = process.env.VIEWER_BENCH_CPU_PROFILE;
  const stopProfile = cpuProfile ? await profilePage(page) : null;
  await callStubs(page, false, TRACE_TYPING_MS);
  if (stopProfile) {
    await waitForMark(page, 'prettyLoaded');
    await stopProfile(`${cpuProfile}-${fileLabel(label)}.cpuprofile`);
  }
  // The viewer's first screen (after the whole answer), not the head's: the trace explains the
  // wait for the decoded result.
  await waitForMark(page, 'viewerPretty');
  // A kept trace runs on to the whole text ready, so it also shows the long tasks after
  // the first screen.
  if (process.env.VIEWER_BENCH_TRACE_FILE) await waitForMark(page, 'prettyLoaded');
  const trace = await stopTracing();
  // VIEWER_BENCH_TRACE_FILE=prefix keeps each trace (chrome://tracing, Perfetto) for a closer look.
  if (keep) writeFileSync(`${keep}-${fileLabel(label)}.json`, trace);
  const marks = await readMarks(page);
  const events = traceEvents(trace);
  if (typeof sched === 'function') {
    console.log(`  [${label} trace] the page's long tasks: running, waiting for a core, asleep`);
    // From the answer's first lines when they were drawn while it arrived (not over the limit).
    const mark = events.some((e) => e.name === 'bench:head') ? 'bench:head' : 'bench:viewerPretty';
    printOffCpu(events, await sched(), 50, mark, '    ');
  }
  const paintedUs = markTime(events, 'bench:viewerPretty');
  const pretty = marks.marks.viewerPretty;
  const viewer = marks.marks.viewer;
  if (paintedUs === null || pretty === undefined || viewer === undefined) {
    console.log(`  [${label} trace] no first-screen mark in the trace`);
    return;
  }
  const toTrace = (pageMs: number) => paintedUs + (pageMs - pretty) * 1000;
  const windows: Array<[string, number, number]> = [
    ['response → viewer mounted', marks.responseEnd, viewer],
    ['viewer mounted → first screen', viewer, pretty],
  ];
  for (const [name, from, to] of windows) {
    console.log(`  [${label} trace] ${name}: ${ms(to - from)} (traced)`);
    printBreakdown(events, toTrace(from), toTrace(to));
  }
}

/**
 * VIEWER_BENCH_TRACE_FILE and VIEWER_BENCH_CPU_PROFILE together: one more Table load, traced and
 * profiled from the call to the whole table and on through a sort by Title started as soon as it
 * is there (as the measured loads sort), kept as `prefix-table-<size>` files, for the table's
 * long tasks (match a trace's tasks to the profile's samples to see what each held). Prints what
 * each thread did during that sort.
 */
export async function keptTableTrace(run: SizeRun, page: BarePage): Promise<void> {
  const label = run.size.label;
  const traceFile = process.env.VIEWER_BENCH_TRACE_FILE;
  const cpuProfile = process.env.VIEWER_BENCH_CPU_PROFILE;
  if (!traceFile || !cpuProfile) return;
  const stopTracing = await run.chromium.startTracing([...TRACE_CATEGORIES, ...V8_CATEGORIES]);
  const stopProfile = await profilePage(page);
  await callStubs(page, true);
  await waitForWholeTable(page, 20);
  const sortMs = await timeInPage(
    page,
    `performance.mark('bench:sortStart'); ${sortByColumn('Title')}`,
    `${FIRST_ROW_CHANGED} && (performance.mark('bench:sortEnd'), true)`,
  );
  // The work after the whole table (the summary, the row heights) belongs to the load too.
  await sleep(1000);
  await stopProfile(`${cpuProfile}-table-${fileLabel(label)}.cpuprofile`);
  const trace = await stopTracing();
  writeFileSync(`${traceFile}-table-${fileLabel(label)}.json`, trace);
  const events = traceEvents(trace);
  const start = markTime(events, 'bench:sortStart');
  const end = markTime(events, 'bench:sortEnd');
  console.log(`  [${label} trace] sort Title right after the whole table: ${ms(sortMs)}`);
  if (start === null || end === null) return;
  printBreakdown(events, start, end);
}
