/**
 * `inode-console bulk`'s safeguards and CSV diagnostics, as the real built command against an
 * emulator whose requests are counted: a wrong key or the same fault stops the job after a few
 * rows (exit 3, the service's words, unsent rows in the results file and resumable),
 * --max-failures, --dry-run with a good and a bad key, and `;`, tab, a header named anything and
 * an unclosed quote.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../emulator/server.ts';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { FAULT_HOOK } from '../emulator/emulator-model.ts';
import { ownerOf } from '../emulator/store.ts';
import { SAME_FAILURE_LIMIT } from '../src/bulk-job/run-safeguards.ts';
import { buildBin, runBin } from './test-support.ts';

const GOOD_KEY = DEMO_USERS[2]?.openIdKey ?? 'demo-empty-key';
const WRONG_KEY = 'no-such-key-for-this-service';
/** The emulator's namespace, given so the command needs no ?WSDL while every answer is an error. */
let NAMESPACE = '';
const PARSER_WORDS = /Quoted field unterminated|auto-detect|delimiting character/i;
let bin: string;
let emulator: RunningEmulator;
let work: string;
/** Calls (POSTs) the emulator received since the test began; the command's ?WSDL GET is not one. */
let requests = 0;

beforeAll(async () => {
  bin = buildBin();
  emulator = await startEmulator({ port: 0, db: ':memory:' });
  emulator.server.on('request', (req: { method?: string }) => {
    if (req.method === 'POST') requests += 1;
  });
  NAMESPACE = emulator.handler.options.namespace;
  work = mkdtempSync(join(tmpdir(), 'inode-cli-bulk-safeguards-'));
}, 60_000);

afterAll(async () => {
  await emulator?.close();
});

beforeEach(() => {
  requests = 0;
});

function storedWith(prefix: string): number {
  return emulator.handler.store
    .listIndexes(ownerOf('emulator', GOOD_KEY))
    .filter((index) => (index.serviceUri ?? '').startsWith(prefix)).length;
}

function csvFile(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

const uriRows = (prefix: string, n: number, mediaType = 'image', delimiter = ',') =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}${delimiter}${mediaType}`);

const bulk = (args: string[], key = GOOD_KEY) =>
  runBin(
    bin,
    ['bulk', ...args, '--target', emulator.origin, '--binding', 'soap11', '--OpenIDKey-env', 'K'],
    { env: { K: key }, cwd: work },
  );

function resultLines(path: string): string[] {
  return readFileSync(path, 'utf8').trim().split(/\r\n/).slice(1);
}

describe('inode-console bulk safeguards', () => {
  it('a wrong key stops the job after the first rows (exit 3) in the service’s words; the rest is listed as not sent and resumable', async () => {
    const prefix = 'https://safeguards.example/wrong-key/';
    const file = csvFile('wrong-key.csv', `${uriRows(prefix, 300).join('\n')}\n`);
    const stopped = await bulk([file, '--concurrency', '64'], WRONG_KEY);
    expect(stopped.code).toBe(3);
    expect(requests).toBe(SAME_FAILURE_LIMIT);
    expect(stopped.stderr).toContain(
      `Stopped: the first ${SAME_FAILURE_LIMIT} rows all failed the same way, so the others were not sent. The service said: “ERROR: OpenIDKey is not recognised”`,
    );
    expect(stopped.stderr).toMatch(/290 rows were not sent\. To go on: .*--resume/);
    const lines = resultLines(join(work, 'wrong-key-results.csv'));
    expect(lines).toHaveLength(300);
    expect(
      lines.filter((l) => l.includes(',failed,ERROR: OpenIDKey is not recognised')),
    ).toHaveLength(10);
    expect(
      lines.filter((l) => l.includes(',not sent,Not sent: a safeguard stopped the job')),
    ).toHaveLength(290);

    const resumed = await bulk([file, '--resume', join(work, 'wrong-key-results.csv')]);
    expect(resumed.code).toBe(0);
    expect(storedWith(prefix)).toBe(300);
  });

  it('the same SOAP fault on every row stops the job the same way', async () => {
    const file = csvFile(
      'fault.csv',
      uriRows('https://safeguards.example/fault/', 100, FAULT_HOOK).join('\n'),
    );
    const stopped = await bulk([file, '--concurrency', '8']);
    expect(stopped.code).toBe(3);
    expect(requests).toBe(SAME_FAILURE_LIMIT);
    expect(stopped.stderr).toMatch(/first 10 rows all failed the same way.*SOAP fault/);
  });

  it('the same HTTP error on every row stops the job the same way', async () => {
    const file = csvFile(
      'http-error.csv',
      uriRows('https://safeguards.example/http/', 100).join('\n'),
    );
    emulator.handler.setFaultInjection({
      latencyMs: 0,
      errorShare: 1,
      truncateShare: 0,
      resetShare: 0,
    });
    const stopped = await bulk([file, '--concurrency', '8', '--namespace', NAMESPACE]).finally(() =>
      emulator.handler.setFaultInjection(null),
    );
    expect(stopped.code).toBe(3);
    expect(requests).toBe(SAME_FAILURE_LIMIT);
    expect(stopped.stderr).toMatch(/first 10 rows all failed the same way.*500/);
  });

  it('--max-failures N stops after N failed rows even when they fail in different ways', async () => {
    const prefix = 'https://safeguards.example/max/';
    // Rows alternate: a good one, then one the service refuses (not an absolute URI).
    const rows = Array.from({ length: 60 }, (_, i) =>
      i % 2 === 0 ? `${prefix}${i},image` : `relative/${i},${i % 4 === 1 ? 'image' : 'audio'}`,
    );
    const file = csvFile('max.csv', rows.join('\n'));
    const stopped = await bulk([
      file,
      '--concurrency',
      '1',
      '--max-failures',
      '3',
      '--output',
      'json',
    ]);
    expect(stopped.code).toBe(3);
    const summary = JSON.parse(stopped.stdout) as {
      failed: number;
      registered: number;
      notSent: number;
      stopReason: string;
    };
    expect(summary).toMatchObject({ failed: 3, registered: 3, notSent: 54 });
    expect(summary.stopReason).toContain('3 rows failed, the most this job allows');
    expect(requests).toBe(6);
    const bad = await bulk([file, '--max-failures', '0']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('--max-failures must be a whole number');
  });

  it('--dry-run with a good key: one read-only call, counts, nothing registered, no results file (exit 0)', async () => {
    const prefix = 'https://safeguards.example/dry/';
    const file = csvFile(
      'dry.csv',
      ['ServiceURI,MediaType', `${prefix}1,image`, `${prefix}2,image`, `${prefix}1,image`].join(
        '\n',
      ),
    );
    const checked = await bulk([file, '--dry-run']);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatch(
      /Dry run: The key was accepted \(UserID [\w-]+\)\. 2 of 3 rows would be sent \(1 repeat sent once\)\. Nothing was registered\./,
    );
    expect(requests).toBe(1);
    expect(storedWith(prefix)).toBe(0);
    expect(existsSync(join(work, 'dry-results.csv'))).toBe(false);
  });

  it('--dry-run with a wrong key: the service’s ErrorMessage, refused (exit 1)', async () => {
    const file = csvFile('dry-wrong.csv', 'https://safeguards.example/dry-wrong/1,image\n');
    const refused = await bulk([file, '--dry-run'], WRONG_KEY);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      'The service refused the key: “OpenIDKey is not recognised” (ErrorCode 401). 1 of 1 row would be sent. Nothing was registered.',
    );
    expect(requests).toBe(1);
    expect(refused.stdout + refused.stderr).not.toContain(WRONG_KEY);
  });
});

describe('inode-console bulk CSV diagnostics', () => {
  it('reads `url;type` as a header, says which column is which, and never sends it', async () => {
    const prefix = 'https://safeguards.example/semicolon/';
    const file = csvFile(
      'semi.csv',
      ['url;type', ...uriRows(prefix, 3, 'image', ';')].join('\r\n'),
    );
    const result = await bulk([file]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'The first line was read as a header (“url” is not an absolute URI; the lines below have URIs there): ServiceURI from column 1 (“url”), MediaType from column 2 (“type”). Values separated by semicolons.',
    );
    expect(result.stderr).not.toMatch(PARSER_WORDS);
    expect(result.stdout).toContain('3 registered, 0 failed');
    expect(requests).toBe(3);
    expect(storedWith(prefix)).toBe(3);
  });

  it('reads a tab-separated file with the URI in the second column and no warning', async () => {
    const prefix = 'https://safeguards.example/tab/';
    const rows = Array.from({ length: 3 }, (_, i) => `audio\t${prefix}${i}`);
    const result = await bulk([csvFile('tab.tsv', `${rows.join('\n')}\n`)]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'No header line: ServiceURI from column 2, MediaType from column 1. Values separated by tabs.',
    );
    expect(result.stderr).not.toMatch(PARSER_WORDS);
    expect(storedWith(prefix)).toBe(3);
  });

  it('refuses an unclosed quote, naming its line, and sends nothing (exit 64)', async () => {
    const prefix = 'https://safeguards.example/quote/';
    const file = csvFile(
      'quote.csv',
      ['ServiceURI,MediaType', `${prefix}1,image`, `${prefix}2,"image`, `${prefix}3,image`].join(
        '\n',
      ),
    );
    const refused = await bulk([file]);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain(
      'Line 3 opens a quote (") that is never closed, so the lines after it cannot be read as rows. Close the quote or remove it.',
    );
    expect(refused.stderr).not.toMatch(PARSER_WORDS);
    expect(requests).toBe(0);
    expect(storedWith(prefix)).toBe(0);
  });
});
