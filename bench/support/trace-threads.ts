/**
 * Busy time per Chromium thread from a trace recorded with the `toplevel` category: the sum of
 * each thread's outermost tasks, labelled "process / thread" from the trace's metadata. Tells
 * the page's main thread from the client worker, the browser process's UI and IO threads and
 * the network service.
 */
interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time within the event (µs): its wall time less the time it waited for a core. */
  tdur?: number;
  args?: { name?: string };
}

/**
 * @example threadBusy(traceEvents(await browser.stopTracing())) // [['Renderer / CrRendererMain', 812.4], ...]
 */
export function threadBusy(events: readonly TraceEvent[]): Array<[string, number]> {
  const processNames = new Map<number, string>();
  const threadNames = new Map<string, string>();
  for (const event of events) {
    if (event.ph !== 'M') continue;
    if (event.name === 'process_name') processNames.set(event.pid, event.args?.name ?? '?');
    if (event.name === 'thread_name')
      threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '?');
  }
  const tasks = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const busyUntil = new Map<string, number>();
  const busy = new Map<string, number>();
  for (const task of tasks) {
    const thread = `${task.pid}:${task.tid}`;
    // A task nested in one already counted is part of it.
    if (task.ts < (busyUntil.get(thread) ?? 0)) continue;
    busyUntil.set(thread, task.ts + (task.dur ?? 0));
    const label = `${processNames.get(task.pid) ?? task.pid} / ${threadNames.get(thread) ?? task.tid}`;
    busy.set(label, (busy.get(label) ?? 0) + (task.dur ?? 0) / 1000);
  }
  return [...busy].sort((a, b) => b[1] - a[1]);
}

export interface TimelineEvent extends TraceEvent {
  args?: { name?: string; data?: { functionName?: string; url?: string; type?: string } };
}

/**
 * The events of a trace as Chromium returns it (an object with `traceEvents`, or a bare array),
 * parsed once for all the readings below.
 * @example const events = traceEvents(await browser.stopTracing());
 */
export function traceEvents(trace: Buffer | string): TimelineEvent[] {
  const parsed = JSON.parse(trace.toString()) as { traceEvents: TimelineEvent[] } | TimelineEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** The pages' main threads (CrRendererMain), as `pid:tid` keys. */
export function mainThreadKeys(events: readonly TraceEvent[]): Set<string> {
  return new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
}

/**
 * The pages' main-thread tasks (Chromium's `ThreadControllerImpl::RunTask` on CrRendererMain) of
 * at least `minMs`, in time order.
 * @example pageTasks(events, 50) // every long task of the page, with its wall (dur) and thread (tdur) µs
 */
export function pageTasks(events: readonly TimelineEvent[], minMs = 0): TimelineEvent[] {
  const mainThreads = mainThreadKeys(events);
  return events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.name === 'ThreadControllerImpl::RunTask' &&
        mainThreads.has(`${e.pid}:${e.tid}`) &&
        (e.dur ?? 0) / 1000 >= minMs,
    )
    .sort((a, b) => a.ts - b.ts);
}

/** What an event did, in words: the function and script it called, or the event type it handled. */
function label(e: TimelineEvent): string {
  const data = e.args?.data;
  if (data?.functionName || data?.url)
    return `${e.name} ${data.functionName || '(anonymous)'} ${data.url?.split('/').pop() ?? ''}`;
  return data?.type ? `${e.name} ${data.type}` : e.name;
}

/**
 * The page's main-thread tasks longer than `minMs`, each with what it held: the events nested in
 * it (devtools.timeline: function calls with their function, event dispatches with their type,
 * GC, style, layout, paint), inclusive ms by label, longest first.
 * @example longTasks(events, 100) // [{ atMs: 5123, ms: 212, held: [['MajorGC', 150], ...] }]
 */
export function longTasks(
  events: readonly TimelineEvent[],
  minMs: number,
): Array<{ atMs: number; ms: number; held: Array<[string, number]> }> {
  const mainThreads = mainThreadKeys(events);
  const onMain = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && mainThreads.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const first = onMain[0]?.ts ?? 0;
  const found: Array<{ atMs: number; ms: number; held: Array<[string, number]> }> = [];
  let until = 0;
  for (const task of onMain) {
    if (task.ts < until) continue;
    until = task.ts + (task.dur ?? 0);
    if ((task.dur ?? 0) / 1000 < minMs) continue;
    const held = new Map<string, number>();
    for (const inner of onMain) {
      if (inner === task || inner.ts < task.ts || inner.ts >= until) continue;
      held.set(label(inner), (held.get(label(inner)) ?? 0) + (inner.dur ?? 0) / 1000);
    }
    found.push({
      atMs: (task.ts - first) / 1000,
      ms: (task.dur ?? 0) / 1000,
      held: [...held].sort((a, b) => b[1] - a[1]).slice(0, 8),
    });
  }
  return found;
}

/**
 * Where the time between two moments went, per thread: each thread's busy ms inside
 * [fromUs, toUs] (trace clock, µs), the CPU it had within them (its tasks' thread time, each
 * task's share inside the window; the rest it waited for a core), and the events nested in its
 * tasks there (inclusive ms by label, longest first). Shows what a wait on the page is made of:
 * the client worker's decode, the page's render, the viewer worker's first lines, V8's
 * compilers and collector on the pool's threads (with the `v8` categories traced).
 * @example windowBreakdown(events, responseUs, paintedUs) // [{ thread: 'DedicatedWorker thread', busyMs: 68, cpuMs: 21, held: [...] }, ...]
 */
export function windowBreakdown(
  events: readonly TimelineEvent[],
  fromUs: number,
  toUs: number,
): Array<{ thread: string; busyMs: number; cpuMs: number; held: Array<[string, number]> }> {
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name')
      names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  }
  const byThread = new Map<string, TimelineEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    if (e.ts + e.dur <= fromUs || e.ts >= toUs) continue;
    const thread = `${e.pid}:${e.tid}`;
    const list = byThread.get(thread) ?? [];
    list.push(e);
    byThread.set(thread, list);
  }
  const clipped = (e: TimelineEvent) =>
    (Math.min(e.ts + (e.dur ?? 0), toUs) - Math.max(e.ts, fromUs)) / 1000;
  const rows: Array<{
    thread: string;
    busyMs: number;
    cpuMs: number;
    held: Array<[string, number]>;
  }> = [];
  for (const [thread, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let until = -Infinity;
    let busyMs = 0;
    let cpuMs = 0;
    const held = new Map<string, number>();
    for (const e of list) {
      if (e.ts >= until) {
        until = e.ts + (e.dur ?? 0);
        busyMs += clipped(e);
        if (e.dur) cpuMs += ((e.tdur ?? 0) / 1000) * ((clipped(e) * 1000) / e.dur);
        continue;
      }
      held.set(label(e), (held.get(label(e)) ?? 0) + clipped(e));
    }
    if (busyMs < 1) continue;
    rows.push({
      thread: names.get(thread) ?? thread,
      busyMs,
      cpuMs,
      held: [...held].sort((a, b) => b[1] - a[1]).slice(0, 8),
    });
  }
  return rows.sort((a, b) => b.busyMs - a.busyMs);
}

/** The trace-clock time (µs) of a `performance.mark(name)` made on a page. */
export function markTime(events: readonly TraceEvent[], name: string): number | null {
  return events.find((e) => e.name === name)?.ts ?? null;
}
