/** A page's main-thread CPU profile, over any DevTools session (Playwright's or the bare pipe's). */
import { writeFileSync } from 'node:fs';

/** Sends one DevTools method on the page's session. */
export type DevToolsSend = (
  method: string,
  params?: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/**
 * Starts the V8 CPU profiler (0.5 ms samples). @returns a function that stops it and writes the
 * profile (for chrome://inspect, speedscope or long-task-profile.ts) to `file`.
 */
export async function startCpuProfile(
  send: DevToolsSend,
): Promise<(file: string) => Promise<void>> {
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 500 });
  await send('Profiler.start');
  return async (file) => {
    const { profile } = await send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  };
}
