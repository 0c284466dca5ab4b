/**
 * CPU split scenario (VIEWER_BENCH_CPU=1): fresh Pretty loads, each followed for a fixed span from
 * its click, with the CPU time every process of the bench spent in it (Chromium's, the console's
 * server, the emulator) and, within Chromium's renderers, each kind of thread: the page's main
 * thread, its workers, V8's and Blink's pool (V8's optimizing compilers and its collector's
 * helpers) and the rest. On two cores the load's threads wait for each other: this says who
 * holds the cores, in the first moments (the first lines' time) and over the whole load.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { median } from '../support/median.ts';
import { cpuPerRow, readCpu, type CpuReading } from '../support/process-cpu.ts';
import { CPU_SPLIT_EARLY_MS, CPU_SPLIT_MS, REPEATS, type SizeRun } from './config.ts';
import { callStubs, openPage } from './page.ts';

/** CPU ms by role between two readings (roles under 0.005 ms left out: read as 0). */
function spent(before: CpuReading, after: CpuReading): Map<string, number> {
  return new Map(cpuPerRow(before, after, 1));
}

export async function measureCpuSplit(run: SizeRun): Promise<void> {
  const { size } = run;
  if (readCpu().size === 0) {
    console.log(`  [${size.label} CPU] not measured: there is no /proc on this system`);
    return;
  }
  const early: Array<Map<string, number>> = [];
  const whole: Array<Map<string, number>> = [];
  for (let n = 0; n < REPEATS; n++) {
    const page = await openPage(run);
    let before: CpuReading = new Map();
    let clicked = 0;
    await callStubs(page, false, 0, () => {
      before = readCpu({ rendererThreads: true });
      clicked = performance.now();
    });
    await sleep(Math.max(0, clicked + CPU_SPLIT_EARLY_MS - performance.now()));
    early.push(spent(before, readCpu({ rendererThreads: true })));
    await sleep(Math.max(0, clicked + CPU_SPLIT_MS - performance.now()));
    whole.push(spent(before, readCpu({ rendererThreads: true })));
    await page.close();
  }
  const roles = [...new Set(whole.flatMap((m) => [...m.keys()]))]
    .map((role) => ({
      role,
      early: median(early.map((m) => m.get(role) ?? 0)),
      whole: median(whole.map((m) => m.get(role) ?? 0)),
    }))
    .filter((r) => r.whole >= 5)
    .sort((a, b) => b.whole - a.whole);
  const processes = roles.filter((r) => !r.role.startsWith('renderer: '));
  const threads = roles.filter((r) => r.role.startsWith('renderer: '));
  console.log(
    `  [${size.label} CPU] ms of CPU from the click, ${REPEATS === 1 ? 'one load' : `median of ${REPEATS} loads`}: in the first ${CPU_SPLIT_EARLY_MS} ms | in ${CPU_SPLIT_MS / 1000} s (ticks of 10 ms)`,
  );
  const line = (label: string, r: { early: number; whole: number }) =>
    console.log(
      `    ${label.padEnd(58)} ${r.early.toFixed(0).padStart(6)} | ${r.whole.toFixed(0).padStart(6)}`,
    );
  for (const r of processes) {
    line(r.role, r);
    // The renderer's threads under it.
    if (r.role.startsWith('Chromium renderer'))
      for (const t of threads) line(`  ${t.role.slice('renderer: '.length)}`, t);
  }
}
