/**
 * The baseline of the bulk benches: the protocol client alone in Node, `concurrency` plain loops
 * registering `rows` rows (no job engine), against the same emulator in the same run.
 */
import { createInodeClient } from '../../src/protocol/index.ts';

/** @returns rows per second. @example await rawClientRate(origin, 'raw', 10_000, 6, 'demo-empty-key') */
export async function rawClientRate(
  baseUrl: string,
  tag: string,
  rows: number,
  concurrency: number,
  key: string,
): Promise<number> {
  return (await rawClientRun(baseUrl, tag, rows, concurrency, key)).rowsPerSecond;
}

/**
 * The same, with this process's CPU time per row (all its threads: the collector's too), which
 * a busy shared machine changes far less than rows/s.
 * @example const { rowsPerSecond, cpuUsPerRow } = await rawClientRun(origin, 'raw', 10_000, 16, key);
 */
export async function rawClientRun(
  baseUrl: string,
  tag: string,
  rows: number,
  concurrency: number,
  key: string,
): Promise<{ rowsPerSecond: number; cpuUsPerRow: number }> {
  const client = createInodeClient({ baseUrl, binding: 'soap11' });
  await client.namespace();
  let next = 0;
  let failures = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < rows; i = next++) {
        const params = {
          OpenIDKey: key,
          ServiceURI: `https://bench.example/${tag}/${i}.png`,
          MediaType: 'image',
        };
        // A keep-alive socket the server closed while idle between two measurements fails once
        // ("other side closed"); the next attempt opens a new one.
        const { value } = await client
          .addUserAssetIndex(params)
          .catch(() => client.addUserAssetIndex(params));
        if (value.startsWith('ERROR')) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  if (failures) throw new Error(`${failures} raw calls failed`);
  return { rowsPerSecond: rows / seconds, cpuUsPerRow: (cpu.user + cpu.system) / rows };
}
