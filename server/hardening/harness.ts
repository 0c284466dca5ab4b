// The production server (as `npm start` builds it) in front of a raw upstream, for the hardening
// suite: one place to start both with the settings a test needs, and to stop them.
import { rmSync } from 'node:fs';
import { fakeDist } from '../__fixtures__/fake-dist.ts';
import { createProductionServer, type ProductionServer } from '../production-server.ts';
import { serverSettings } from '../settings.ts';

export interface Console {
  readonly app: ProductionServer;
  readonly port: number;
  readonly origin: string;
  close(): Promise<void>;
}

/** Starts the production server with `flags` (access log off, any free port). */
export async function startConsole(flags: string[], env: NodeJS.ProcessEnv = {}): Promise<Console> {
  const dist = fakeDist('/');
  const settings = serverSettings(
    [
      '--port',
      '0',
      '--access-log',
      'off',
      '--shutdown-timeout-ms',
      '200',
      '--dist',
      dist,
      ...flags,
    ],
    env,
  );
  if (settings === 'help') throw new Error('help');
  const app = createProductionServer(settings);
  const origin = new URL(await app.listen()).origin;
  return {
    app,
    origin,
    port: Number(new URL(origin).port),
    async close() {
      await app.shutdown();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** Resident set size in MB, after a collection when the runtime exposes one. */
export function rssMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

/** Prints a suite's figures as a short table (docs/security.md quotes them). */
export function printFigures(title: string, rows: ReadonlyArray<readonly [string, string]>): void {
  console.info(
    `\nHardening figures (${title})\n${rows.map(([k, v]) => `  ${k.padEnd(46)} ${v}`).join('\n')}`,
  );
}
