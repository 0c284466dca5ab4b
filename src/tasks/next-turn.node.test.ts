/**
 * queueTask in a Node process of its own: a task queued as the process's last work runs, and a
 * process with no task left waiting ends (vitest's own process would hide both).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'inode-queue-task-'));
const nextTurn = pathToFileURL(join(import.meta.dirname, 'next-turn.ts')).href;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `body` as a module importing queueTask; its standard output. */
function runScript(body: string): string {
  const file = join(dir, `script-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(file, `import { queueTask } from ${JSON.stringify(nextTurn)};\n${body}`);
  return execFileSync(process.execPath, ['--import', 'tsx', file], {
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('queueTask in a Node process', () => {
  it('runs a task queued as the last thing the process does, and the tasks it queues', () => {
    const out = runScript(`
      await new Promise((resolve) => queueTask(() => queueTask(() => resolve(undefined))));
      console.log('ran');
    `);
    expect(out.trim()).toBe('ran');
  });

  it('lets the process end once no task waits', () => {
    const out = runScript(`
      queueTask(() => console.log('once'));
    `);
    expect(out.trim()).toBe('once');
  });
});
