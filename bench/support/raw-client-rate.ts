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
  const client = createInodeClient({ baseUrl, binding: 'soap11' });
  await client.namespace();
  let next = 0;
  let failures = 0;
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
  if (failures) throw new Error(`${failures} raw calls failed`);
  return rows / ((performance.now() - started) / 1000);
}
