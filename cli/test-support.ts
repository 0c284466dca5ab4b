/**
 * For the command line's tests: a freshly built bin (the real bundle, built the way `npm run
 * build:cli` builds it), run as a child process like a user or CI would.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Builds the bin into node_modules/.tmp (inside the project, so its packages resolve). */
export function buildBin(): string {
  const base = join(ROOT, 'node_modules', '.tmp');
  mkdirSync(base, { recursive: true });
  const outfile = join(mkdtempSync(join(base, 'cli-test-')), 'inode-console.mjs');
  execFileSync(process.execPath, [join(ROOT, 'cli', 'build.mjs'), outfile], { stdio: 'inherit' });
  return outfile;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string>;
  stdin?: string;
  cwd?: string;
  /** Called with the child once it runs (e.g. to interrupt it). */
  onStart?: (child: ChildProcess) => void;
}

/** Runs the bin with arguments; resolves when it exits. NO_COLOR keeps the text plain. */
export function runBin(bin: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (options.stdin !== undefined) child.stdin.end(options.stdin);
    else child.stdin.end();
    options.onStart?.(child);
  });
}
