/**
 * One `inode-console bulk` run of the built bin as a child process, watched: its --json progress
 * lines, its resident memory sampled every 100 ms and read at chosen row counts, its CPU time per
 * row between its first and last progress lines (start-up left out), and optionally killed with
 * SIGKILL once it has done a given number of rows.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../support/process.ts';
import { cpuSecondsOf, rssOf } from './child-rss.ts';

export interface CliRunOptions {
  file: string;
  target: string;
  key: string;
  concurrency: number;
  results: string;
  extra?: string[];
  env?: Record<string, string>;
  /** Row counts at which to note the resident memory. */
  rssAt?: number[];
  /** SIGKILL once this many rows are done. */
  killAt?: number;
  /** Another build of the bin (an earlier commit's, to compare in the same run); default the current one. */
  bin?: string;
}

export interface CliRun {
  code: number | null;
  killed: boolean;
  summary: Record<string, unknown> | null;
  /** [rows done, RSS MB] at each of `rssAt` reached (and at the end). */
  rss: Array<[number, number]>;
  peakMb: number;
  /** CPU time (all threads) per row done, in µs, from the first progress line to the last. */
  cpuUsPerRow: number | null;
  wallSeconds: number;
  stderr: string;
}

export function runCli(options: CliRunOptions): Promise<CliRun> {
  const started = performance.now();
  // The bin itself, as `npx inode-console` runs it (its #! line sets the heap flags).
  const child = spawn(
    options.bin ?? join(ROOT, 'cli/dist/inode-console.mjs'),
    [
      'bulk',
      options.file,
      '--target',
      options.target,
      '--binding',
      'soap11',
      '--OpenIDKey-env',
      'BENCH_KEY',
      '--concurrency',
      String(options.concurrency),
      '--json',
      '--output',
      'json',
      ...(options.extra ?? ['--results', options.results]),
    ],
    {
      env: { ...process.env, BENCH_KEY: options.key, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const pid = child.pid ?? 0;
  const wanted = [...(options.rssAt ?? [])].sort((a, b) => a - b);
  const rss: Array<[number, number]> = [];
  let peakMb = 0;
  let done = 0;
  let killed = false;
  let cpuFirst: { done: number; seconds: number } | null = null;
  let cpuLast: { done: number; seconds: number } | null = null;
  let stdout = '';
  let stderr = '';
  let tail = '';
  const sample = setInterval(() => {
    const now = rssOf(pid);
    if (now) peakMb = Math.max(peakMb, now.peakMb);
  }, 100);
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    tail += chunk.toString();
    const lines = tail.split('\n');
    tail = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{"progress"')) {
        if (stderr.length < 20_000) stderr += `${line}\n`;
        continue;
      }
      done = (JSON.parse(line) as { progress: { done: number } }).progress.done;
      const seconds = cpuSecondsOf(pid);
      if (seconds !== null) {
        cpuFirst ??= { done, seconds };
        cpuLast = { done, seconds };
      }
      while (wanted.length > 0 && done >= (wanted[0] ?? Infinity)) {
        const at = wanted.shift() ?? 0;
        rss.push([at, rssOf(pid)?.rssMb ?? 0]);
      }
      if (options.killAt !== undefined && done >= options.killAt && !killed) {
        killed = true;
        child.kill('SIGKILL');
      }
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sample);
      let summary: Record<string, unknown> | null;
      try {
        summary = JSON.parse(stdout) as Record<string, unknown>;
      } catch {
        // Killed, or ended before its summary.
        summary = null;
      }
      resolve({
        code,
        killed,
        summary,
        rss,
        peakMb,
        cpuUsPerRow:
          cpuFirst && cpuLast && cpuLast.done > cpuFirst.done
            ? ((cpuLast.seconds - cpuFirst.seconds) * 1e6) / (cpuLast.done - cpuFirst.done)
            : null,
        wallSeconds: (performance.now() - started) / 1000,
        stderr,
      });
    });
  });
}
