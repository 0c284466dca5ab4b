/**
 * The bin as npm ships it: `npm pack` (which builds it through `prepare`), the tarball unpacked
 * inside the project (so its dependencies resolve from node_modules, as in an installed copy),
 * and the packed `inode-console` started: --version, a call, and `emulator` (the emulator's own
 * start code) serving the WSDL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runBin } from './test-support.ts';

let packedBin: string;
let emulatorChild: ChildProcess | null = null;

beforeAll(() => {
  const base = join(ROOT, 'node_modules', '.tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'cli-pack-'));
  const output = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const tarball = output.trim().split('\n').pop() ?? '';
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir]);
  const manifest = JSON.parse(readFileSync(join(dir, 'package', 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  packedBin = join(dir, 'package', manifest.bin['inode-console'] ?? 'missing');
}, 120_000);

afterAll(() => {
  emulatorChild?.kill('SIGTERM');
});

describe('the packed inode-console', () => {
  it('starts from the tarball, and runs its emulator and a call against it', async () => {
    expect((await runBin(packedBin, ['--version'])).stdout.trim()).toBe('0.1.0');
    const started = new Promise<string>((resolve, reject) => {
      void runBin(packedBin, ['emulator', '--port', '0', '--db', ':memory:'], {
        onStart: (child) => {
          emulatorChild = child;
          let seen = '';
          child.stdout?.on('data', (chunk: Buffer) => {
            seen += chunk.toString();
            const url = /listening on (http:\/\/\S+)\/Inode\.asmx/.exec(seen)?.[1];
            if (url) resolve(url);
          });
        },
      }).then((exit) => reject(new Error(`emulator exited: ${exit.stderr}`)));
    });
    const origin = await started;
    const wsdl = await fetch(`${origin}/Inode.asmx?WSDL`);
    expect(wsdl.status).toBe(200);
    const call = await runBin(
      packedBin,
      ['call', 'GetAssetStubs', '--target', origin, '--binding', 'soap11', '--OpenIDKey-env', 'K'],
      { env: { K: 'demo-bob-key' } },
    );
    expect(call.code).toBe(0);
    expect(call.stdout).toContain('Success');
  });

  it('refuses bad emulator options with its usage (exit 64)', async () => {
    const result = await runBin(packedBin, ['emulator', '--port', 'abc']);
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('--port must be a non-negative integer');
    expect(result.stderr).toContain('inode-console emulator --port');
  });
});
