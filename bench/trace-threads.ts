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
  args?: { name?: string };
}

/**
 * @example threadBusy(await browser.stopTracing()) // [['Renderer / CrRendererMain', 812.4], ...]
 */
export function threadBusy(trace: Buffer | string): Array<[string, number]> {
  const parsed = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
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
