/**
 * CPU time of this process and everything it started (Chromium's processes, the console server,
 * the emulator), by role, read from Linux's /proc. A benchmark takes one reading before and one
 * after a measurement: the difference says which process spent the CPU of each row. Elsewhere
 * than Linux the readings are empty and nothing is printed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export type CpuReading = ReadonlyMap<string, number>;

const TICKS_PER_SECOND = 100;

interface ProcessInfo {
  ppid: number;
  cpuSeconds: number;
  command: string;
}

/** A process's or a thread's `stat` file: its name, parent and CPU seconds (user and system). */
function readStat(path: string): { name: string; ppid: number; cpuSeconds: number } {
  const stat = readFileSync(path, 'utf8');
  // The name (field 2) may hold spaces and parentheses: the other fields start after the last ')'.
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return {
    name: stat.slice(stat.indexOf('(') + 1, close),
    ppid: Number(fields[1]),
    cpuSeconds: ticks / TICKS_PER_SECOND,
  };
}

function readProcess(pid: number): ProcessInfo | null {
  try {
    const { ppid, cpuSeconds } = readStat(`/proc/${pid}/stat`);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { ppid, cpuSeconds, command };
  } catch {
    return null; // gone meanwhile
  }
}

/**
 * One process's CPU time so far in ms (user and system), or null where /proc cannot tell.
 * @example const before = processCpuMs(child.pid); … processCpuMs(child.pid) - before
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const info = readProcess(pid);
  return info ? info.cpuSeconds * 1000 : null;
}

const RENDERER = 'Chromium renderer (page + worker)';

/** What a process is, from its command line. */
function roleOf(pid: number, command: string): string {
  if (pid === process.pid) return 'bench (Node: raw client, DevTools pipe)';
  if (/chrom/i.test(command)) {
    if (command.includes('NetworkService')) return 'Chromium network service';
    const type = /--type=(\S+)/.exec(command)?.[1];
    if (type === undefined) return 'Chromium browser process';
    if (type === 'renderer') return RENDERER;
    if (type === 'gpu-process') return 'Chromium GPU process';
    return `Chromium ${type}`;
  }
  if (command.includes('start.js')) return 'console server (proxy)';
  if (command.includes('emulator')) return 'emulator';
  if (command.includes('inode-console')) return 'inode-console bulk';
  return 'other';
}

/** This process and its live descendants, by pid (empty where there is no /proc). */
function ourProcesses(): Map<number, ProcessInfo> {
  const mine = new Map<number, ProcessInfo>();
  if (!existsSync('/proc/self/stat')) return mine;
  const all = new Map<number, ProcessInfo>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const info = readProcess(pid);
    if (info) all.set(pid, info);
  }
  const ours = new Set([process.pid]);
  // Parents come before children in no particular order: sweep until nothing new joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, info] of all) {
      if (!ours.has(pid) && ours.has(info.ppid)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  for (const pid of ours) {
    const info = all.get(pid);
    if (info) mine.set(pid, info);
  }
  return mine;
}

/**
 * CPU seconds by role, of this process and its descendants (live ones only); with
 * `rendererThreads`, also the renderers' CPU by kind of thread (roles "renderer: …", a split of
 * the renderer's own figure), read in the same walk.
 */
export function readCpu({ rendererThreads = false } = {}): CpuReading {
  const totals = new Map<string, number>();
  const add = (role: string, seconds: number) =>
    totals.set(role, (totals.get(role) ?? 0) + seconds);
  for (const [pid, info] of ourProcesses()) {
    const role = roleOf(pid, info.command);
    add(role, info.cpuSeconds);
    if (rendererThreads && role === RENDERER) addThreads(pid, add);
  }
  return totals;
}

/**
 * What a renderer's thread does, from its name (the kernel keeps 15 characters of it): the
 * page's main thread carries the process's own name.
 */
function threadRole(name: string): string {
  if (name.startsWith('DedicatedWorker')) return "renderer: the page's workers";
  if (name.startsWith('ThreadPoolForeg') || name.startsWith('ThreadPoolBack'))
    return "renderer: V8's and Blink's pool (compilers, collector)";
  if (name === 'Compositor') return 'renderer: compositor';
  if (name.startsWith('Chrome_ChildIO')) return 'renderer: IO thread';
  if (/chrom/i.test(name)) return "renderer: the page's main thread";
  return 'renderer: other threads';
}

/** Adds each thread's CPU seconds of process `pid` under its role. */
function addThreads(pid: number, add: (role: string, seconds: number) => void): void {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return; // gone meanwhile
  }
  for (const tid of threads) {
    try {
      const { name, cpuSeconds } = readStat(`/proc/${pid}/task/${tid}/stat`);
      add(threadRole(name), cpuSeconds);
    } catch {
      // The thread ended meanwhile: its time is in neither reading.
    }
  }
}

/**
 * CPU milliseconds per row spent by each role between two readings, largest first.
 * @example cpuPerRow(before, readCpu(), 10_000) // [['Chromium network service', 0.9], ...]
 */
export function cpuPerRow(before: CpuReading, after: CpuReading, rows: number) {
  return [...after]
    .map(([role, seconds]) => [role, ((seconds - (before.get(role) ?? 0)) * 1000) / rows] as const)
    .filter(([, ms]) => ms >= 0.005)
    .sort((a, b) => b[1] - a[1]);
}
