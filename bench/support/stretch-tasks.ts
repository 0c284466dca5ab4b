/**
 * The page's main-thread tasks over one stretch of a kept load (VIEWER_BENCH_TRACE=1
 * VIEWER_BENCH_TRACE_FILE=prefix VIEWER_BENCH_CPU_PROFILE=prefix VIEWER_BENCH_UNMINIFIED=1): from
 * the task in which a function of the page first ran (in the CPU profile) to a bench mark, each
 * task's wall time and its thread's CPU time, and their sums. On a shared machine the thread
 * time is the steadier figure: a task's wall time also holds the time its thread waited for a
 * core.
 *
 *   npx tsx bench/support/stretch-tasks.ts trace.json profile.cpuprofile [function] [mark]
 *
 * The defaults measure the answer's head, from ReceivingDataStubs' first render to the bench's
 * `head` mark (its lines painted).
 */
import { readFileSync } from 'node:fs';
import type { CpuProfile } from '../cpu-profile.ts';
import { profileTree } from './profile-tree.ts';
import { pageTasks, traceEvents } from './trace-threads.ts';

const [traceFile, profileFile, functionArg, markArg] = process.argv.slice(2);
if (!traceFile || !profileFile) {
  throw new Error('usage: stretch-tasks.ts trace.json profile.cpuprofile [function] [mark]');
}
const functionName = functionArg ?? 'ReceivingDataStubs';
const markName = markArg ?? 'bench:head';

const events = traceEvents(readFileSync(traceFile, 'utf8'));
const end = events.find((e) => e.name === markName)?.ts;
if (end === undefined) throw new Error(`no ${markName} mark in ${traceFile}`);

const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
const { byId, parent } = profileTree(profile);
let firstRun: number | null = null;
let at = profile.startTime;
profile.timeDeltas.forEach((delta, i) => {
  at += delta;
  if (firstRun !== null) return;
  for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
    if (byId.get(id)?.callFrame.functionName === functionName) {
      firstRun = at;
      return;
    }
  }
});
if (firstRun === null) throw new Error(`${functionName} never ran in ${profileFile}`);
const ran: number = firstRun;

const tasks = pageTasks(events);
const first = tasks.find((t) => t.ts <= ran && ran <= t.ts + (t.dur ?? 0));
if (!first) throw new Error(`no main-thread task holds ${functionName}'s first sample`);
const inStretch = tasks.filter((t) => t.ts >= first.ts && t.ts < end);

const ms = (us: number | undefined) => (us ?? 0) / 1000;
const thread = (t: (typeof tasks)[number]) => ms(t.tdur);
console.log(
  `${functionName}'s first task → ${markName}: ${ms(end - first.ts).toFixed(0)} ms, ${inStretch.length} tasks`,
);
console.log('   start   wall  thread (ms)');
for (const t of inStretch) {
  if (ms(t.dur) < 1) continue;
  console.log(
    `${ms(t.ts - first.ts)
      .toFixed(0)
      .padStart(8)} ${ms(t.dur).toFixed(1).padStart(6)} ${thread(t).toFixed(1).padStart(7)}`,
  );
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
console.log(
  `busy: wall ${sum(inStretch.map((t) => ms(t.dur))).toFixed(0)} ms, thread ${sum(inStretch.map(thread)).toFixed(0)} ms; ` +
    `longest task: wall ${Math.max(...inStretch.map((t) => ms(t.dur))).toFixed(0)} ms, thread ${Math.max(...inStretch.map(thread)).toFixed(0)} ms`,
);
