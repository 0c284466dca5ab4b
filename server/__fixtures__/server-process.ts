// `npm start`'s server as a process of its own (server/start.ts through tsx; npm run build
// compiles the same file), for tests of what only a process shows: its output, its signals, and
// what it reads from the environment at start-up alone (NODE_EXTRA_CA_CERTS).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** The origin it listens on, as it printed it (no trailing slash). */
  url: string;
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts server/start.ts on any free port with `argv` and only PATH, an in-memory emulator
 * database and `env` in its environment; resolves once it prints where it listens, rejects if it
 * exits first.
 *
 * @example const server = await startServerProcess(['--dist', dist, '--target', url]);
 */
export function startServerProcess(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/start.ts', '--port', '0', ...argv],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, INODE_EMULATOR_DB: ':memory:', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening on (\S+)/.exec(output);
      if (match?.[1])
        resolve({ child, url: match[1].replace(/\/$/, ''), output: () => output, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
}
