/**
 * The kernel's scheduler switches recorded with `perf` over a stretch of a bench, on the
 * monotonic clock Chromium's traces use, for off-cpu.ts. Needs `perf` and the permission to
 * record every CPU's sched tracepoints (root, or perf_event_paranoid ≤ -1); without them the
 * recording reports why and the bench goes on.
 */
import { execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { parseSwitches, type Switch } from './off-cpu.ts';

/** How long perf takes to start recording on this machine, with room. */
const PERF_START_MS = 1_000;

/**
 * Starts recording into `${prefix}.perf.data`; the function returned stops it, writes the switches
 * as `perf script` prints them to `${prefix}.sched.txt` and returns them. Resolves to a reason
 * (a string) instead when perf cannot record here.
 * @example const stop = await startSchedRecording('/tmp/t-10-MB'); if (typeof stop !== 'string') switches = await stop();
 */
export async function startSchedRecording(
  prefix: string,
): Promise<(() => Promise<Switch[]>) | string> {
  const data = `${prefix}.perf.data`;
  const perf = spawn(
    'perf',
    ['record', '-q', '-k', 'CLOCK_MONOTONIC', '-e', 'sched:sched_switch', '-a', '-o', data],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  perf.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    perf.on('exit', (code) => resolve(code));
    perf.on('error', () => resolve(-1));
  });
  const early = await Promise.race([
    exited.then((code) => code),
    new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), PERF_START_MS)),
  ]);
  if (early !== 'running') {
    return `perf could not record (${stderr.trim().split('\n')[0] || `exit ${String(early)}`})`;
  }
  // A recording of every CPU grows until stopped: a bench that fails or is stopped stops it too.
  const stopOnExit = () => perf.kill('SIGINT');
  process.on('exit', stopOnExit);
  return async () => {
    process.off('exit', stopOnExit);
    perf.kill('SIGINT');
    await exited;
    const { stdout } = await promisify(execFile)(
      'perf',
      ['script', '-i', data, '-F', 'cpu,time,trace'],
      { maxBuffer: 1 << 30 },
    );
    writeFileSync(`${prefix}.sched.txt`, stdout);
    return parseSwitches(stdout);
  };
}
