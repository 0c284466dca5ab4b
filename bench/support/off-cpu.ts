/**
 * Where a long task's wall time went when its thread was not running: on a core, runnable but
 * waiting for one (and who held the cores), or asleep (waiting for another thread or process:
 * the browser's answer to a font question, the compositor's commit). A trace's thread time
 * (`tdur`) says only how much of a task was CPU; the kernel's scheduler switches say the rest.
 *
 * The viewer bench records them itself around its traced load with VIEWER_BENCH_SCHED=1 (with
 * VIEWER_BENCH_TRACE=1 and VIEWER_BENCH_TRACE_FILE=prefix; see sched-recording.ts) and prints
 * this for that load. By hand (root, `perf` with the sched tracepoints, on the monotonic clock
 * Chromium's trace uses):
 *
 *   perf record -k CLOCK_MONOTONIC -e sched:sched_switch -a -o sched.data &
 *   VIEWER_BENCH_SIZES=10mb VIEWER_BENCH_TRACE=1 VIEWER_BENCH_TRACE_FILE=/tmp/t npm run bench -- viewer
 *   kill -INT %1 && perf script -i sched.data -F cpu,time,trace > sched.txt
 *   npx tsx bench/support/off-cpu.ts /tmp/t-10-MB.json sched.txt [minMs] [mark]
 *
 * Lists every main-thread task of the page longer than minMs (50 by default), its start in ms
 * from the bench mark `mark` (bench:head by default), and what the two cores ran meanwhile.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { pageTasks, traceEvents, type TimelineEvent } from './trace-threads.ts';

/** One `sched:sched_switch` line of `perf script -F cpu,time,trace`. */
export interface Switch {
  cpu: number;
  /** µs on the monotonic clock. */
  at: number;
  prevTid: number;
  prevComm: string;
  /** R (preempted, still runnable), S (asleep), D (uninterruptible), … */
  prevState: string;
  nextTid: number;
  nextComm: string;
}

const SWITCH =
  /\[(\d+)\]\s+([\d.]+):\s+(?:sched:sched_switch:\s+)?prev_comm=(.*?) prev_pid=(\d+) prev_prio=\d+ prev_state=(\S+) ==> next_comm=(.*?) next_pid=(\d+)/;

/** The switches in `perf script` output, in time order; other lines are skipped. */
export function parseSwitches(text: string): Switch[] {
  const switches: Switch[] = [];
  for (const line of text.split('\n')) {
    const m = SWITCH.exec(line);
    if (!m) continue;
    switches.push({
      cpu: Number(m[1]),
      // perf prints seconds with µs; the trace's clock is µs.
      at: Math.round(Number(m[2]) * 1e6),
      prevComm: m[3]!,
      prevTid: Number(m[4]),
      prevState: m[5]!,
      nextComm: m[6]!,
      nextTid: Number(m[7]),
    });
  }
  return switches.sort((a, b) => a.at - b.at);
}

export interface OffCpu {
  /** µs the thread ran, waited runnable for a core, and slept (S, D or other states). */
  running: number;
  runnable: number;
  asleep: number;
  /** µs each thread (comm:tid) held a core within the window, most first. */
  cores: Array<[string, number]>;
}

/** How thread `tid` spent [from, to) (µs), and who held the cores meanwhile. */
export function offCpu(switches: readonly Switch[], tid: number, from: number, to: number): OffCpu {
  let running = false;
  let state = 'S';
  const onCore = new Map<number, string>();
  for (const s of switches) {
    if (s.at >= from) break;
    onCore.set(s.cpu, `${s.nextComm}:${s.nextTid}`);
    if (s.nextTid === tid) running = true;
    else if (s.prevTid === tid) {
      running = false;
      state = s.prevState;
    }
  }
  const result = { running: 0, runnable: 0, asleep: 0 };
  const held = new Map<string, number>();
  const coreSince = new Map<number, number>([...onCore.keys()].map((cpu) => [cpu, from]));
  let since = from;
  const close = (until: number) => {
    if (running) result.running += until - since;
    else if (state.startsWith('R')) result.runnable += until - since;
    else result.asleep += until - since;
    since = until;
  };
  for (const s of switches) {
    if (s.at < from) continue;
    if (s.at >= to) break;
    const holder = onCore.get(s.cpu);
    if (holder !== undefined) {
      held.set(holder, (held.get(holder) ?? 0) + s.at - (coreSince.get(s.cpu) ?? from));
    }
    onCore.set(s.cpu, `${s.nextComm}:${s.nextTid}`);
    coreSince.set(s.cpu, s.at);
    if (s.prevTid === tid) {
      close(s.at);
      running = false;
      state = s.prevState;
    } else if (s.nextTid === tid) {
      close(s.at);
      running = true;
    }
  }
  close(to);
  for (const [cpu, holder] of onCore) {
    held.set(holder, (held.get(holder) ?? 0) + to - (coreSince.get(cpu) ?? from));
  }
  return { ...result, cores: [...held].sort((a, b) => b[1] - a[1]) };
}

/**
 * Prints every main-thread task of the page over `minMs` in a trace's events: its start in ms
 * from the mark `markName`, how its thread spent it, and who held the cores; then the totals.
 */
export function printOffCpu(
  events: readonly TimelineEvent[],
  switches: readonly Switch[],
  minMs: number,
  markName: string,
  indent = '',
): void {
  const base = events.find((e) => e.name === markName)?.ts;
  if (base === undefined) throw new Error(`no ${markName} mark in the trace`);
  const ms = (us: number) => (us / 1000).toFixed(0);
  const totals = { wall: 0, running: 0, runnable: 0, asleep: 0 };
  for (const task of pageTasks(events, minMs)) {
    const spent = offCpu(switches, task.tid, task.ts, task.ts + (task.dur ?? 0));
    totals.wall += task.dur ?? 0;
    totals.running += spent.running;
    totals.runnable += spent.runnable;
    totals.asleep += spent.asleep;
    console.log(
      `${indent}${ms(task.dur ?? 0)} ms task at ${ms(task.ts - base)} ms from ${markName}: running ${ms(spent.running)}, runnable ${ms(spent.runnable)}, asleep ${ms(spent.asleep)}`,
    );
    const cores = spent.cores.slice(0, 6).map(([holder, us]) => `${holder} ${ms(us)}`);
    console.log(`${indent}  the cores ran: ${cores.join(', ')}`);
  }
  if (!totals.wall) {
    console.log(`${indent}no main-thread task over ${minMs} ms`);
    return;
  }
  const share = (us: number) => `${((us / totals.wall) * 100).toFixed(0)} %`;
  console.log(
    `${indent}all those tasks, ${ms(totals.wall)} ms: running ${share(totals.running)}, runnable ${share(totals.runnable)}, asleep ${share(totals.asleep)}`,
  );
}

function main(): void {
  const [traceFile, schedFile, minArg, markArg] = process.argv.slice(2);
  if (!traceFile || !schedFile) {
    throw new Error('usage: off-cpu.ts trace.json sched.txt [minMs] [mark]');
  }
  const switches = parseSwitches(readFileSync(schedFile, 'utf8'));
  if (!switches.length) throw new Error(`no sched_switch lines in ${schedFile}`);
  const events = traceEvents(readFileSync(traceFile, 'utf8'));
  printOffCpu(events, switches, Number(minArg ?? 50), markArg ?? 'bench:head');
}

// Run as a script; imported (by its test and the viewer bench), only the functions above.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
