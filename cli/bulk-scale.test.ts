/**
 * `inode-console bulk` at scale, as the real built command against an emulator: n processes on
 * n shards joined by `bulk merge`; kill -9 at random points and resume until done, with every
 * row registered exactly once in the emulator's store; and bad input (a broken quote after the
 * pre-read, a truncated last line, a file that is not CSV, an empty file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../emulator/server.ts';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { FAULT_HOOK } from '../emulator/emulator-model.ts';
import { ownerOf } from '../emulator/store.ts';
import { PRE_READ_BYTES } from './bulk/csv-source.ts';
import { Journal, JournalState } from './bulk/journal.ts';
import { EXIT } from './exit-codes.ts';
import { ResultsLog } from './results-log.ts';
import { buildBin, runBin, type RunOptions } from './test-support.ts';

const KEY = DEMO_USERS[2]?.openIdKey ?? 'demo-empty-key';
let bin: string;
let emulator: RunningEmulator;
let work: string;

beforeAll(async () => {
  bin = buildBin();
  emulator = await startEmulator({ port: 0, db: ':memory:' });
  work = mkdtempSync(join(tmpdir(), 'inode-cli-bulk-scale-'));
}, 60_000);

afterAll(async () => {
  await emulator?.close();
});

function storedCounts(prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const index of emulator.handler.store.listIndexes(ownerOf('emulator', KEY))) {
    const uri = index.serviceUri ?? '';
    if (uri.startsWith(prefix)) counts.set(uri, (counts.get(uri) ?? 0) + 1);
  }
  return counts;
}

function csvFile(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

const rowsText = (prefix: string, n: number) =>
  `ServiceURI,MediaType\n${Array.from({ length: n }, (_, i) => `${prefix}${i},image`).join('\n')}\n`;

const bulk = (args: string[], options: RunOptions = {}) =>
  runBin(
    bin,
    ['bulk', ...args, '--target', emulator.origin, '--binding', 'soap11', '--OpenIDKey-env', 'K'],
    { ...options, env: { K: KEY, ...options.env }, cwd: work },
  );

describe('inode-console bulk shards', () => {
  it('n processes on n shards register disjoint rows; merge joins them and names a missing shard', async () => {
    const prefix = 'https://scale.example/shards/';
    const file = csvFile('shards.csv', rowsText(prefix, 403));
    const runs = await Promise.all(
      [0, 1, 2].map((k) => bulk([file, '--shard', `${k}/4`, '--concurrency', '4'])),
    );
    // The last shard from a Kubernetes Indexed Job's variables.
    runs.push(
      await bulk([file, '--concurrency', '4'], {
        env: { JOB_COMPLETION_INDEX: '3', INODE_SHARD_COUNT: '4' },
      }),
    );
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    expect(runs[0]?.stdout).toContain('101 registered');
    expect(runs[3]?.stdout).toContain('100 registered');
    const stored = storedCounts(prefix);
    expect(stored.size).toBe(403);
    expect([...stored.values()].every((n) => n === 1)).toBe(true);

    const results = [0, 1, 2, 3].map((k) => join(work, `shards-results-${k}of4.csv`));
    const merged = await runBin(bin, [
      'bulk',
      'merge',
      ...results,
      '--output',
      'json',
      '--into',
      join(work, 'merged.csv'),
    ]);
    expect(merged.code).toBe(0);
    const report = JSON.parse(merged.stdout) as {
      totals: { rows: number; registered: number; failed: number };
      incomplete: string[];
      registeredTwice: number;
    };
    expect(report.totals).toMatchObject({ rows: 403, registered: 403, failed: 0 });
    expect(report.incomplete).toEqual([]);
    expect(report.registeredTwice).toBe(0);
    expect(readFileSync(join(work, 'merged.csv'), 'utf8').trim().split(/\r\n/)).toHaveLength(404);

    const partial = await runBin(bin, ['bulk', 'merge', ...results.slice(0, 3)]);
    expect(partial.code).toBe(3);
    expect(partial.stdout).toContain('3/4: missing');
  });

  it('refuses a shard that is not one, in words', async () => {
    const file = csvFile('one.csv', rowsText('https://scale.example/bad-shard/', 2));
    const bad = await bulk([file, '--shard', '4/4']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('Shard index 4 is outside 0–3');
    const noCount = await bulk([file], { env: { JOB_COMPLETION_INDEX: '1' } });
    expect(noCount.code).toBe(64);
    expect(noCount.stderr).toContain('INODE_SHARD_COUNT');
  });
});

describe('inode-console bulk after kill -9', () => {
  it('resumes after kill -9 at random points: no row lost, none registered twice', async () => {
    const prefix = 'https://scale.example/kill/';
    const total = 500;
    const file = csvFile('kill.csv', rowsText(prefix, total));
    const results = join(work, 'kill-results.csv');
    emulator.handler.setFaultInjection({
      latencyMs: 10,
      errorShare: 0,
      truncateShare: 0,
      resetShare: 0,
    });
    let kills = 0;
    try {
      for (let attempt = 0; attempt < 12; attempt++) {
        const resume = existsSync(results) ? ['--resume', results] : [];
        // Kill after a random number of results lines (0 too: before anything settled).
        const after = Math.floor(Math.random() * 120);
        let killed = false;
        const run = await bulk([file, '--concurrency', '8', ...resume], {
          onStart: (child) => {
            if (attempt >= 5) return;
            const poll = setInterval(() => {
              const lines = existsSync(results)
                ? readFileSync(results, 'utf8').split('\n').length
                : 0;
              if (lines >= after + Math.floor(Math.random() * 50) && !killed) {
                killed = true;
                clearInterval(poll);
                child.kill('SIGKILL');
              }
            }, 5);
            child.on('exit', () => clearInterval(poll));
          },
        });
        if (killed && run.code === null) kills += 1;
        else if (run.code === 0) break;
      }
    } finally {
      emulator.handler.setFaultInjection(null);
    }
    expect(kills).toBeGreaterThanOrEqual(3);
    const stored = storedCounts(prefix);
    expect(stored.size).toBe(total);
    expect([...stored.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const merged = await runBin(bin, ['bulk', 'merge', results, '--output', 'json']);
    const report = JSON.parse(merged.stdout) as { totals: { registered: number } };
    expect(report.totals.registered).toBe(total);
  }, 120_000);
});

describe('inode-console bulk: rows in doubt', () => {
  it('asks the service about them one question at a time, and sends only the rows it does not have', async () => {
    const prefix = 'https://scale.example/doubt/';
    const total = 30;
    // Row 31's question makes the emulator throw: it cannot be asked about.
    const file = csvFile('doubt.csv', `${rowsText(prefix, total)}${prefix}unasked,${FAULT_HOOK}\n`);
    const results = join(work, 'doubt-results.csv');
    // As a run killed with every row in flight leaves them: started, none settled.
    new ResultsLog(results, (text) => text).close();
    const stat = statSync(file);
    const journal = new Journal(
      `${results}.journal`,
      { input: { size: stat.size, mtimeMs: Math.round(stat.mtimeMs) }, shard: '0/1' },
      new JournalState(),
      () => statSync(results).size,
    );
    await Promise.all(Array.from({ length: total + 1 }, (_, i) => journal.started(i + 1)));
    journal.close();
    // The service got the even rows' calls before the kill.
    const owner = ownerOf('emulator', KEY);
    for (let i = 1; i < total; i += 2)
      emulator.handler.store.addIndex(owner, {
        recordId: `earlier-${i}`,
        serviceUri: `${prefix}${i}`,
        mediaType: 'image',
        createdAt: new Date().toISOString(),
      });
    let questionsInFlight = 0;
    let mostInFlight = 0;
    let questions = 0;
    const countQuestions = (req: IncomingMessage, res: ServerResponse) => {
      if (!String(req.headers.soapaction ?? '').includes('GetAssetStubs')) return;
      questions += 1;
      questionsInFlight += 1;
      mostInFlight = Math.max(mostInFlight, questionsInFlight);
      res.on('close', () => (questionsInFlight -= 1));
    };
    emulator.server.on('request', countQuestions);
    emulator.handler.setFaultInjection({
      latencyMs: 20,
      errorShare: 0,
      truncateShare: 0,
      resetShare: 0,
    });
    try {
      const run = await bulk([file, '--concurrency', '8', '--resume', results]);
      expect(run.code).toBe(EXIT.technicalFailure);
      expect(run.stderr).toContain(
        'Asked the service 31 times about rows in doubt: 15 were registered already (not sent again); 1 stay in doubt (--resume asks again).',
      );
      const lastLine = readFileSync(results, 'utf8').trim().split(/\r\n/).at(-1);
      expect(lastLine).toMatch(/^31,.*unasked.*Not sent: an earlier run may have registered it/);
    } finally {
      emulator.server.off('request', countQuestions);
      emulator.handler.setFaultInjection(null);
    }
    expect(questions).toBe(total + 1);
    expect(mostInFlight).toBe(1);
    const stored = storedCounts(prefix);
    expect(stored.size).toBe(total);
    expect([...stored.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  }, 60_000);
});

describe('inode-console bulk bad input', () => {
  it('a broken quote after the pre-read: the rows before it run and stay in the results, its line is named (exit 64)', async () => {
    const prefix = `https://scale.example/quote/${'p'.repeat(600)}/`;
    const good = Math.ceil((PRE_READ_BYTES * 1.3) / (prefix.length + 12));
    const text = `${rowsText(prefix, good)}${prefix}broken,"image\n${prefix}after,image\n`;
    const file = csvFile('quote-late.csv', text);
    const result = await bulk([file, '--concurrency', '16']);
    expect(result.code).toBe(64);
    const brokenLine = good + 2;
    expect(result.stderr).toContain(`Line ${brokenLine} opens a quote (") that is never closed`);
    expect(result.stderr).toContain(`The rows before line ${brokenLine} were sent`);
    expect(storedCounts(prefix).size).toBe(good);
    const lines = readFileSync(join(work, 'quote-late-results.csv'), 'utf8').trim().split(/\r\n/);
    expect(lines.filter((l) => l.includes(',registered,'))).toHaveLength(good);
  }, 60_000);

  it('a last line without its line break is read as a row', async () => {
    const prefix = 'https://scale.example/truncated/';
    const file = csvFile('truncated.csv', `ServiceURI,MediaType\n${prefix}1,image\n${prefix}2,ima`);
    const result = await bulk([file]);
    expect(result.code).toBe(0);
    expect(storedCounts(prefix).size).toBe(2);
  });

  it('a file that is not CSV and an empty file are refused in words, nothing sent (exit 64)', async () => {
    const binary = join(work, 'image.png');
    writeFileSync(
      binary,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    );
    const notCsv = await bulk([binary]);
    expect(notCsv.code).toBe(64);
    expect(notCsv.stderr).toContain('is not a CSV text file');
    const empty = await bulk([csvFile('empty.csv', '')]);
    expect(empty.code).toBe(64);
    expect(empty.stderr).toContain('has no rows: the file is empty');
    const blank = await bulk([csvFile('blank.csv', '\n\n  \n')]);
    expect(blank.code).toBe(64);
  });

  it('rows with bad cells are skipped with their row number; the good rows run', async () => {
    const prefix = 'https://scale.example/cells/';
    const file = csvFile(
      'cells.csv',
      `ServiceURI,MediaType\n${prefix}1,image\n,image\n${prefix}3,\n${prefix}4,image\n`,
    );
    const result = await bulk([file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('2 registered, 0 failed, 2 invalid (not sent)');
    const lines = readFileSync(join(work, 'cells-results.csv'), 'utf8');
    expect(lines).toMatch(/\r\n2,,image,skipped \(invalid\),/);
    expect(lines).toMatch(/\r\n3,https:\/\/scale\.example\/cells\/3,,skipped \(invalid\),/);
  });
});
