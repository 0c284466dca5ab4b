/**
 * `inode-console call` and `parity`, run as the real built command against emulators on
 * ephemeral ports: every output format and exit code, bad usage, and the key nowhere in what the
 * command prints or writes, on all four bindings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { parse as parseJunit, type TestSuites } from 'junit2json';
import { startEmulator, type RunningEmulator } from '../emulator/server.ts';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { BINDING_NAMES } from '../src/protocol/index.ts';
import { buildBin, runBin } from './test-support.ts';

const KEY = DEMO_USERS[0]?.openIdKey ?? 'demo-alice-key';
let bin: string;
let emulator: RunningEmulator;
let soapOnly: RunningEmulator;
let work: string;

beforeAll(async () => {
  bin = buildBin();
  emulator = await startEmulator({ port: 0, db: ':memory:' });
  soapOnly = await startEmulator({ port: 0, db: ':memory:', httpBindings: false });
  work = mkdtempSync(join(tmpdir(), 'inode-cli-call-'));
}, 60_000);

afterAll(async () => {
  await emulator?.close();
  await soapOnly?.close();
});

const call = (args: string[], env: Record<string, string> = { INODE_KEY: KEY }, stdin?: string) =>
  runBin(bin, ['call', ...args], { env, ...(stdin !== undefined ? { stdin } : {}) });

function wellFormed(xml: string): void {
  const parser = new SaxesParser();
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
}

describe('inode-console call', () => {
  it.each(BINDING_NAMES)('GetAssetStubs over %s: summary, exit 0', async (binding) => {
    const result = await call([
      'GetAssetStubs',
      '--target',
      emulator.origin,
      '--binding',
      binding,
      '--OpenIDKey-env',
      'INODE_KEY',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^✔ Success {2}GetAssetStubs over /);
    expect(result.stdout).toMatch(/Success {6}true/);
    expect(result.stdout).toContain('<Stub ');
    if (binding === 'http-get') expect(result.stderr).toContain('in the URL');
  });

  it('--output xml prints DataStubs alone, well-formed, for piping', async () => {
    const result = await call([
      'GetAssetStubs',
      '--target',
      `${emulator.url}`,
      '--binding',
      'soap12',
      '--OpenIDKey-env',
      'INODE_KEY',
      '--output',
      'xml',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^<AssetStubs[\s\S]*<\/AssetStubs>$/);
    wellFormed(result.stdout);
  });

  it('AddUserAssetIndex with the key on standard input, --output json: typed outcome and redacted exchange', async () => {
    const result = await call(
      [
        'AddUserAssetIndex',
        '--target',
        emulator.origin,
        '--binding',
        'http-post',
        '--OpenIDKey-stdin',
        '--ServiceURI',
        'https://cli.example/one.png',
        '--MediaType',
        'image',
        '--output',
        'json',
      ],
      {},
      `${KEY}\n`,
    );
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as Record<string, unknown> & {
      result: { value: string };
      exchange: { request: { body: string } };
    };
    expect(json).toMatchObject({ operation: 'AddUserAssetIndex', outcome: 'success', exitCode: 0 });
    expect(json.result.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(json.exchange.request.body).toContain('ServiceURI=https');
    expect(json.exchange.request.body).toContain('••••••');
  });

  it('exit 1 on a business failure: Success=false, and an ERROR answer', async () => {
    const env = { INODE_KEY: 'not-a-known-key' };
    const stubs = await call(
      [
        'GetAssetStubs',
        '--target',
        emulator.origin,
        '--binding',
        'soap11',
        '--OpenIDKey-env',
        'INODE_KEY',
      ],
      env,
    );
    expect(stubs.code).toBe(1);
    expect(stubs.stdout).toMatch(/Success {6}false/);
    const add = await call(
      [
        'AddUserAssetIndex',
        '--target',
        emulator.origin,
        '--binding',
        'soap11',
        '--OpenIDKey-env',
        'INODE_KEY',
        '--ServiceURI',
        'https://cli.example/x',
        '--MediaType',
        'image',
      ],
      env,
    );
    expect(add.code).toBe(1);
    expect(add.stdout).toContain('ERROR: OpenIDKey is not recognised');
  });

  it('exit 2 on an HTTP error (binding switched off) and when nothing answers', async () => {
    const http = await call([
      'GetAssetStubs',
      '--target',
      soapOnly.origin,
      '--binding',
      'http-post',
      '--OpenIDKey-env',
      'INODE_KEY',
    ]);
    expect(http.code).toBe(2);
    expect(http.stdout).toMatch(/HTTP/);
    const down = await call([
      'GetAssetStubs',
      '--target',
      'http://127.0.0.1:9',
      '--binding',
      'soap11',
      '--namespace',
      'http://x/',
      '--OpenIDKey-env',
      'INODE_KEY',
      '--timeout',
      '3000',
    ]);
    expect(down.code).toBe(2);
  });

  it('refuses a key on the command line, saying why, without echoing it (exit 64)', async () => {
    for (const form of [
      ['--OpenIDKey', 'sekret-value'],
      ['--OpenIDKey=sekret-value'],
      ['--openidkey', 'sekret-value'],
    ]) {
      const result = await call([
        'GetAssetStubs',
        '--target',
        emulator.origin,
        '--binding',
        'soap11',
        ...form,
      ]);
      expect(result.code).toBe(64);
      expect(result.stderr).toContain('shell history');
      expect(result.stderr).toContain('ps');
      expect(result.stdout + result.stderr).not.toContain('sekret-value');
    }
  });

  it.each([
    [['GetAssetStubs', '--binding', 'soap11', '--OpenIDKey-env', 'INODE_KEY'], /--target/],
    [
      [
        'GetAssetStubs',
        '--target',
        'http://h',
        '--binding',
        'soap13',
        '--OpenIDKey-env',
        'INODE_KEY',
      ],
      /soap13/,
    ],
    [['Nope', '--target', 'http://h', '--binding', 'soap11'], /Nope/],
    [
      [
        'GetAssetStubs',
        '--target',
        'ftp://h',
        '--binding',
        'soap11',
        '--OpenIDKey-env',
        'INODE_KEY',
      ],
      /http or https/,
    ],
    [['GetAssetStubs', '--target', 'http://h', '--binding', 'soap11'], /OpenIDKey is required/],
    [
      [
        'GetAssetStubs',
        '--target',
        'http://h',
        '--binding',
        'soap11',
        '--OpenIDKey-env',
        'UNSET_VAR',
      ],
      /UNSET_VAR is not set/,
    ],
    [
      [
        'GetAssetStubs',
        '--target',
        'http://h',
        '--binding',
        'soap11',
        '--OpenIDKey-env',
        'INODE_KEY',
        '--ServiceURI',
        'x',
      ],
      /parameter of AddUserAssetIndex/,
    ],
    [
      [
        'AddUserAssetIndex',
        '--target',
        'http://h',
        '--binding',
        'soap11',
        '--OpenIDKey-env',
        'INODE_KEY',
      ],
      /needs --ServiceURI/,
    ],
    [
      [
        'GetAssetStubs',
        '--target',
        'http://h',
        '--binding',
        'soap11',
        '--OpenIDKey-env',
        'INODE_KEY',
        '--reporter',
        'tap',
      ],
      /Unknown reporter "tap"/,
    ],
  ])('bad usage %j → exit 64 with a clear message', async (args, message) => {
    const result = await call(args);
    expect(result.code).toBe(64);
    expect(result.stderr).toMatch(message);
  });

  it('a value XML cannot carry is refused before sending (exit 64)', async () => {
    const result = await call([
      'AddUserAssetIndex',
      '--target',
      emulator.origin,
      '--binding',
      'soap11',
      '--OpenIDKey-env',
      'INODE_KEY',
      '--ServiceURI',
      'https://cli.example/\u0001',
      '--MediaType',
      'image',
    ]);
    expect(result.code).toBe(64);
    expect(result.stdout).toContain('U+0001');
  });

  it('--help on every command, with examples', async () => {
    for (const args of [['--help'], ['call', '--help'], ['bulk', '--help'], ['parity', '--help']]) {
      const result = await runBin(bin, args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stdout, args.join(' ')).toContain('Examples:');
    }
    const emulatorHelp = await runBin(bin, ['emulator', '--help']);
    expect(emulatorHelp.code).toBe(0);
    expect(emulatorHelp.stdout).toContain('inode-console emulator --port');
  });
});

describe('the key never appears in anything the command writes', () => {
  it.each(BINDING_NAMES)('over %s: stdout, stderr, JUnit and JSON reports', async (binding) => {
    const secret = `${KEY}`;
    const junitFile = join(work, `${binding}.xml`);
    const jsonFile = join(work, `${binding}.json`);
    for (const output of ['human', 'json']) {
      const result = await call([
        'GetAssetStubs',
        '--target',
        emulator.origin,
        '--binding',
        binding,
        '--OpenIDKey-env',
        'INODE_KEY',
        '--output',
        output,
        '--reporter',
        'junit,json',
        '--reporter-junit-export',
        junitFile,
        '--reporter-json-export',
        jsonFile,
      ]);
      expect(result.code).toBe(0);
      const everything = [
        result.stdout,
        result.stderr,
        readFileSync(junitFile, 'utf8'),
        readFileSync(jsonFile, 'utf8'),
      ];
      for (const text of everything) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(encodeURIComponent(secret));
      }
    }
    // The JSON report carries the exchange, where the key was: it is there, blanked.
    expect(readFileSync(jsonFile, 'utf8')).toContain('••••••');
  });
});

describe('JUnit report', () => {
  it('is the Ant/Jenkins layout, read back by an independent JUnit parser', async () => {
    const file = join(work, 'call-failure.xml');
    const result = await call(
      [
        'GetAssetStubs',
        '--target',
        emulator.origin,
        '--binding',
        'soap11',
        '--OpenIDKey-env',
        'INODE_KEY',
        '--reporter',
        'junit',
        '--reporter-junit-export',
        file,
      ],
      { INODE_KEY: 'unknown-key' },
    );
    expect(result.code).toBe(1);
    const report = (await parseJunit(readFileSync(file, 'utf8'))) as TestSuites;
    expect(report.tests).toBe(1);
    expect(report.failures).toBe(1);
    expect(report.errors).toBe(0);
    const testCase = report.testsuite?.[0]?.testcase?.[0];
    expect(testCase?.name).toBe('GetAssetStubs over soap11');
    expect(testCase?.failure?.[0]?.message).toContain('ErrorCode');
  });
});

describe('inode-console parity', () => {
  it('exit 0 when the four bindings agree', async () => {
    const result = await runBin(
      bin,
      ['parity', '--target', emulator.origin, '--OpenIDKey-env', 'INODE_KEY'],
      {
        env: { INODE_KEY: KEY },
      },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('The four bindings agree');
  });

  it('exit 1 with the differing fields when they do not, and a JUnit case per binding', async () => {
    const file = join(work, 'parity.xml');
    const result = await runBin(
      bin,
      [
        'parity',
        '--target',
        soapOnly.origin,
        '--OpenIDKey-env',
        'INODE_KEY',
        '--reporter',
        'junit',
        '--reporter-junit-export',
        file,
      ],
      { env: { INODE_KEY: KEY } },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/disagree on \d+ field/);
    expect(result.stdout).toContain('outcome');
    const report = (await parseJunit(readFileSync(file, 'utf8'))) as TestSuites;
    expect(report.tests).toBe(5);
    expect(report.errors).toBe(2);
    expect(report.failures).toBe(1);
  });
});
