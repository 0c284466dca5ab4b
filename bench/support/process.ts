/**
 * The child processes a bench starts (emulator, console server, Vite, baselines): each in its own
 * process group, so that stopping it also stops what it started (npm, npx); all of them stopped
 * when the bench exits, on Ctrl+C too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root: benches run their commands from there. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const children: ChildProcess[] = [];

/** Stops every child still running (SIGTERM to its process group); does not wait. */
export function stopAll(): void {
  for (const child of children) {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}
process.on('exit', stopAll);
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

export interface Started {
  child: ChildProcess;
  /** The match of `ready` in the child's output (stdout and stderr together). */
  match: RegExpExecArray;
}

export interface StartOptions {
  /** Resolves once the output so far matches this. */
  ready: RegExp;
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** For the error messages. */
  name?: string;
  timeoutMs?: number;
}

/**
 * Starts `command` from the repository's root, in its own process group, and resolves when its
 * output matches `ready`; rejects with the output if it exits or times out first. Output after
 * the match is read and dropped (a server's access log).
 * @example const { match } = await startUntil(process.execPath, ['server.js'], { ready: /listening on (\S+)/ });
 */
export function startUntil(
  command: string,
  args: readonly string[],
  { ready, env = {}, name = command, timeoutMs = 300_000 }: StartOptions,
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    let started = false;
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      if (started) return;
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        started = true;
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output}`));
    });
  });
}

/** Stops a child (its process group) and waits for it to exit, five seconds at most. */
export async function stop(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

export interface EmulatorOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** A database file, or ':memory:' (default). */
  db?: string;
  /** Stubs seeded under the key `seed-stubs`. */
  seedStubs?: number;
  /** More of the emulator CLI's flags, e.g. `['--buffered']`. */
  flags?: string[];
}

/**
 * The emulator's CLI in a child process. @returns its service URL
 * (`http://127.0.0.1:port/Inode.asmx`), its origin, and its start-up line.
 */
export async function startEmulator({
  port = 0,
  db = ':memory:',
  seedStubs,
  flags = [],
}: EmulatorOptions = {}) {
  const args = ['--import', 'tsx', 'emulator/cli.ts', '--port', String(port), '--db', db];
  if (seedStubs !== undefined) args.push('--seed-stubs', String(seedStubs));
  args.push(...flags);
  const { child, match } = await startUntil(process.execPath, args, {
    ready: /Inode emulator listening on ((http:\/\/[^/\s]+)\S*)[^\n]*\n/,
    name: ['emulator', ...flags].join(' '),
  });
  return { child, url: match[1]!, origin: match[2]!, line: match[0].trim() };
}
