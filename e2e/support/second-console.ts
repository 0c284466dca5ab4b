/**
 * A second console dev server, started by the spec that needs one (on a free loopback port), for
 * flows that need the embedded emulator configured differently (HTTP bindings switched off).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../fixtures/free-port.ts';

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the second console exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the second console did not answer at ${url} within ${timeoutMs} ms`);
}

export interface SecondConsole {
  baseURL: string;
  stop(): Promise<void>;
}

/** @example const second = await startSecondConsole({ INODE_EMULATOR_HTTP_BINDINGS: '0' }); */
export async function startSecondConsole(env: Record<string, string>): Promise<SecondConsole> {
  const port = await freePort();
  const child = spawn(
    'npx',
    [
      'vite',
      '--config',
      'e2e/vite.e2e.config.ts',
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    {
      env: { ...process.env, INODE_EMULATOR_DB: ':memory:', ...env },
      stdio: 'ignore',
      detached: true,
    },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    // The process group: npx and the vite it started.
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  try {
    await waitUntilServing(`${baseURL}/__console/targets`, child, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
