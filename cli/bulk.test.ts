/**
 * `inode-console bulk` as the real built command against an emulator on an ephemeral port: rows
 * registered and counted in the emulator's store, JUnit per row, bad CSV, and an interrupted run
 * (SIGINT) resumed so that every row is registered exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJunit, type TestSuites } from 'junit2json';
import { startEmulator, type RunningEmulator } from '../emulator/server.ts';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { ownerOf } from '../emulator/store.ts';
import { buildBin, runBin, type RunOptions } from './test-support.ts';

const KEY = DEMO_USERS[2]?.openIdKey ?? 'demo-empty-key';
let bin: string;
let emulator: RunningEmulator;
let work: string;

beforeAll(async () => {
  bin = buildBin();
  emulator = await startEmulator({ port: 0, db: ':memory:' });
  work = mkdtempSync(join(tmpdir(), 'inode-cli-bulk-'));
}, 60_000);

afterAll(async () => {
  await emulator?.close();
});

/** How many times the store holds each ServiceURI of the demo user. */
function storedCounts(prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const index of emulator.handler.store.listIndexes(ownerOf('emulator', KEY))) {
    const uri = index.serviceUri ?? '';
    if (uri.startsWith(prefix)) counts.set(uri, (counts.get(uri) ?? 0) + 1);
  }
  return counts;
}

function csvFile(name: string, lines: string[]): string {
  const path = join(work, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const bulk = (args: string[], onStart?: RunOptions['onStart']) =>
  runBin(bin, ['bulk', ...args, '--target', emulator.origin, '--OpenIDKey-env', 'INODE_KEY'], {
    env: { INODE_KEY: KEY },
    cwd: work,
    ...(onStart ? { onStart } : {}),
  });

describe('inode-console bulk', () => {
  it('registers every row once, skips invalid rows and repeats, and reports each row in JUnit', async () => {
    const prefix = 'https://cli-bulk.example/a/';
    const file = csvFile('a.csv', [
      'MediaType;ServiceURI',
      `image;${prefix}1.png`,
      `audio;${prefix}2.mp3`,
      `;${prefix}3`,
      `image;${prefix}1.png`,
      `video;${prefix}4.mp4`,
    ]);
    const junit = join(work, 'a.xml');
    const result = await bulk([
      file,
      '--binding',
      'soap11',
      '--reporter',
      'junit',
      '--reporter-junit-export',
      junit,
    ]);
    // An invalid row means the file was not registered whole: a business failure.
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '3 registered, 0 failed, 1 invalid (not sent), 1 repeats sent once',
    );
    expect([...storedCounts(prefix).values()]).toEqual([1, 1, 1]);
    const written = readFileSync(join(work, 'a-results.csv'), 'utf8');
    // A byte order mark first, so spreadsheets read it as UTF-8.
    expect(written.startsWith('\uFEFFRow,ServiceURI,MediaType,Outcome,Result\r\n')).toBe(true);
    const lines = written.trim().split(/\r\n/);
    expect(lines).toHaveLength(6);
    expect(lines.filter((l) => l.includes(',registered,'))).toHaveLength(3);
    const report = (await parseJunit(readFileSync(junit, 'utf8'))) as TestSuites;
    expect(report).toMatchObject({ tests: 5, failures: 0, errors: 0 });
    expect(report.testsuite?.[0]?.skipped).toBe(2);
    expect(report.testsuite?.[0]?.testcase?.map((t) => t.name)).toContain(
      `row 1: ${prefix}1.png image`,
    );
  });

  it('ERROR answers fail their rows (exit 1), listed in the summary and the JSON report', async () => {
    const file = csvFile('b.csv', ['https://cli-bulk.example/b/1,image', 'not-absolute,image']);
    const json = join(work, 'b.json');
    const result = await bulk([
      file,
      '--binding',
      'http-post',
      '--reporter',
      'json',
      '--reporter-json-export',
      json,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('ERROR: ServiceURI must be an absolute URI');
    const report = JSON.parse(readFileSync(json, 'utf8')) as {
      summary: { tests: number; failures: number };
    };
    expect(report.summary).toMatchObject({ tests: 2, failures: 1 });
    expect(readFileSync(json, 'utf8')).not.toContain(KEY);
  });

  it('refuses a CSV without the columns, a missing file and a results file that exists (exit 64)', async () => {
    const noColumn = await bulk([
      csvFile('c.csv', ['ServiceURI,Kind', 'https://x,image']),
      '--binding',
      'soap11',
    ]);
    expect(noColumn.code).toBe(64);
    expect(noColumn.stderr).toContain('The header row has no MediaType column.');
    const missing = await bulk([join(work, 'nope.csv'), '--binding', 'soap11']);
    expect(missing.code).toBe(64);
    expect(missing.stderr).toMatch(/cannot be read \(ENOENT\)/);
    const file = csvFile('d.csv', ['https://cli-bulk.example/d/1,image']);
    writeFileSync(join(work, 'existing.csv'), 'x');
    const exists = await bulk([
      file,
      '--binding',
      'soap11',
      '--results',
      join(work, 'existing.csv'),
    ]);
    expect(exists.code).toBe(64);
    expect(exists.stderr).toContain('--resume');
    const notResults = await bulk([file, '--binding', 'soap11', '--resume', file]);
    expect(notResults.code).toBe(64);
    expect(notResults.stderr).toContain('not a results CSV');
    const concurrency = await bulk([file, '--binding', 'soap11', '--concurrency', '500']);
    expect(concurrency.code).toBe(64);
    expect(concurrency.stderr).toContain('--concurrency must be a whole number from 1 to 64');
  });

  it('Ctrl-C stops sending, finishes calls in flight, says how to resume; the resumed run registers each row exactly once', async () => {
    const prefix = 'https://cli-bulk.example/resume/';
    const rows = Array.from({ length: 400 }, (_, i) => `${prefix}${i},image`);
    const file = csvFile('big.csv', rows);
    const results = join(work, 'big-results.csv');
    emulator.handler.setFaultInjection({
      latencyMs: 15,
      errorShare: 0,
      truncateShare: 0,
      resetShare: 0,
    });
    let interrupted = false;
    const first = await bulk([file, '--binding', 'soap12', '--concurrency', '8'], (child) => {
      const poll = setInterval(() => {
        const lines = existsSync(results) ? readFileSync(results, 'utf8').split('\n').length : 0;
        if (lines > 40 && !interrupted) {
          interrupted = true;
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 20);
      child.on('exit', () => clearInterval(poll));
    });
    emulator.handler.setFaultInjection(null);
    expect(interrupted).toBe(true);
    expect(first.code).toBe(130);
    expect(first.stderr).toContain('Stopping: no new rows are sent');
    expect(first.stderr).toMatch(/To go on: inode-console bulk .*--resume .*big-results\.csv/);
    const afterFirst = storedCounts(prefix);
    expect(afterFirst.size).toBeGreaterThan(0);
    expect(afterFirst.size).toBeLessThan(400);
    // Every call that reached the service is in the results file (in-flight calls finished).
    const registeredLines = readFileSync(results, 'utf8')
      .split('\n')
      .filter((l) => l.includes(',registered,'));
    expect(registeredLines).toHaveLength(afterFirst.size);

    const second = await bulk([
      file,
      '--binding',
      'soap12',
      '--concurrency',
      '8',
      '--resume',
      results,
    ]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      `${400 - afterFirst.size} registered, 0 failed, ${afterFirst.size} registered earlier`,
    );
    const final = storedCounts(prefix);
    expect(final.size).toBe(400);
    expect([...final.values()].every((n) => n === 1)).toBe(true);
  });
});
