/**
 * What each long main-thread task held, from a kept trace and a CPU profile of the same load
 * (VIEWER_BENCH_TRACE=1 VIEWER_BENCH_TRACE_FILE=prefix VIEWER_BENCH_CPU_PROFILE=prefix, best with
 * VIEWER_BENCH_UNMINIFIED=1 for readable names):
 *
 *   npx tsx bench/support/task-profile.ts trace.json profile.cpuprofile [minMs] [mark]
 *
 * Lists every task of the page's main thread longer than minMs (45 by default), with the
 * thread's CPU time within it, its start in ms from the bench mark `mark` (bench:viewerPretty by
 * default; bench:table for a Table load), and the functions holding it: self time, then the app's own frames by inclusive time. The trace
 * gives the tasks' bounds, the profile their samples: both use the browser's monotonic clock.
 */
import { readFileSync } from 'node:fs';
import type { CpuProfile } from '../cpu-profile.ts';
import { profileTree } from './profile-tree.ts';
import { pageTasks, traceEvents } from './trace-threads.ts';

const [traceFile, profileFile, minArg, markArg] = process.argv.slice(2);
if (!traceFile || !profileFile) {
  throw new Error('usage: task-profile.ts trace.json profile.cpuprofile [minMs] [mark]');
}
const minMs = Number(minArg ?? 45);
const markName = markArg ?? 'bench:viewerPretty';

const events = traceEvents(readFileSync(traceFile, 'utf8'));
const base = events.find((e) => e.name === markName)?.ts;
if (base === undefined) throw new Error(`no ${markName} mark in ${traceFile}`);

const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
const { byId, parent, nameOf } = profileTree(profile);
const sampleTimes: number[] = [];
let at = profile.startTime;
for (const delta of profile.timeDeltas) sampleTimes.push((at += delta));

const top = (counts: Map<string, number>, n: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${name}`);

for (const task of pageTasks(events, minMs)) {
  const end = task.ts + (task.dur ?? 0);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  sampleTimes.forEach((time, i) => {
    if (time < task.ts || time > end) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const leaf = byId.get(profile.samples[i] ?? -1);
    if (!leaf) return;
    self.set(nameOf(leaf), (self.get(nameOf(leaf)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const name = nameOf(byId.get(id)!);
      // The app's own frames (a script URL), each once per sample however deep it recurses.
      if (seen.has(name) || !/\.js:\d+$/.test(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  const start = ((task.ts - base) / 1000).toFixed(0);
  // On a shared machine a task's wall time also holds the time its thread waited for a core.
  const thread =
    task.tdur === undefined ? '' : ` (the thread's CPU: ${(task.tdur / 1000).toFixed(0)} ms)`;
  console.log(
    `\n${((task.dur ?? 0) / 1000).toFixed(0)} ms task${thread} at ${start} ms from ${markName}`,
  );
  console.log('  self:');
  for (const line of top(self, 8)) console.log(`    ${line}`);
  console.log('  inclusive (app frames):');
  for (const line of top(inclusive, 20)) console.log(`    ${line}`);
}
