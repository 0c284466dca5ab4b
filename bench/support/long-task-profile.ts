/**
 * What the main thread's long stretches of work hold, from a CPU profile written by
 * BENCH_BULK_PROFILE (`npx tsx bench/support/long-task-profile.ts file.cpuprofile [minMs]`): runs of
 * consecutive non-idle samples longer than minMs (100 by default), each with its start (ms into
 * the profile), length, and the functions holding most of it (self time, then by top frame
 * of the console's own code).
 */
import { readFileSync } from 'node:fs';
import type { CpuProfile, ProfileNode } from '../cpu-profile.ts';
import { profileTree } from './profile-tree.ts';

const [file, minArg] = process.argv.slice(2);
if (!file) throw new Error('usage: long-task-profile.ts file.cpuprofile [minMs]');
const minMs = Number(minArg ?? 100);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const { byId, parent, nameOf: name } = profileTree(profile);

/** The stack of a sample, outermost first. */
const stack = (id: number): ProfileNode[] => {
  const frames: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at);
    if (node) frames.unshift(node);
  }
  return frames;
};
const IDLE = new Set(['(idle)', '(root)']);

interface Busy {
  start: number;
  end: number;
  samples: Array<[number, number]>;
}
let time = 0;
let run = null as Busy | null;
const runs: Busy[] = [];
profile.samples.forEach((id, i) => {
  const delta = (profile.timeDeltas[i] ?? 0) / 1000;
  time += delta;
  const node = byId.get(id);
  const idle = !node || IDLE.has(node.callFrame.functionName);
  if (idle) {
    if (run) runs.push(run);
    run = null;
    return;
  }
  run ??= { start: time, end: time, samples: [] };
  run.end = time;
  run.samples.push([id, delta]);
});
if (run) runs.push(run);

for (const long of runs.filter((r) => r.end - r.start >= minMs)) {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, ms] of long.samples) {
    const frames = stack(id);
    const leaf = frames[frames.length - 1];
    if (leaf) self.set(name(leaf), (self.get(name(leaf)) ?? 0) + ms);
    for (const label of new Set(frames.map(name)))
      inclusive.set(label, (inclusive.get(label) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([label, ms]) => `${ms.toFixed(0).padStart(5)} ms  ${label}`)
      .join('\n    ');
  console.log(
    `\n${(long.end - long.start).toFixed(0)} ms busy at ${(long.start / 1000).toFixed(1)} s`,
  );
  console.log(`  self:\n    ${top(self, 8)}`);
  console.log(`  inclusive:\n    ${top(inclusive, 14)}`);
}
