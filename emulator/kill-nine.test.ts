// Durability: an AddUserAssetIndex whose answer was sent survives kill -9. A child process runs
// the emulator on a file database; we register indexes, SIGKILL it the moment the last answer
// arrives, start a new process on the same file, and read the records back.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NAMESPACE = 'http://emulator.inode.example/';
const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'inode-kill9-'));

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function startChild(db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--db', db],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+\/Inode\.asmx)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`emulator exited (${code}): ${output}`)));
  });
}

async function addIndex(url: string, serviceUri: string): Promise<string> {
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><AddUserAssetIndex xmlns="${NAMESPACE}"><OpenIDKey>demo-empty-key</OpenIDKey><ServiceURI>${serviceUri}</ServiceURI><MediaType>image</MediaType></AddUserAssetIndex></soap:Body></soap:Envelope>`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'text/xml; charset=utf-8',
      SOAPAction: `"${NAMESPACE}AddUserAssetIndex"`,
    },
    body,
  });
  const text = await response.text();
  const id = /<AddUserAssetIndexResult>([^<]*)</.exec(text)?.[1] ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

function exited(child: ChildProcess): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
}

describe('durability', () => {
  it('keeps every answered AddUserAssetIndex across kill -9', { timeout: 60_000 }, async () => {
    const db = join(dir, 'emulator.sqlite');
    const first = await startChild(db);
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++)
      ids.push(await addIndex(first.url, `https://kill.example.org/asset-${n}.png`));
    const gone = exited(first.child);
    first.child.kill('SIGKILL');
    expect(await gone).toBe('SIGKILL');

    const second = await startChild(db);
    const response = await fetch(
      `${second.url}/GetAssetStubs?OpenIDKey=demo-empty-key&AssetType=&OtherFilterCriteria=kill.example.org`,
    );
    const text = await response.text();
    for (const id of ids) expect(text).toContain(`ID="${id}"`);
    expect(text.match(/<Stub /g)).toHaveLength(ids.length);
    second.child.kill('SIGKILL');
  });
});
