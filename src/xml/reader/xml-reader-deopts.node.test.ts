/**
 * The reader reads one or two characters past what has arrived as it looks for the end of a
 * name, a tag or a reference. Read with `charCodeAt` there, V8 deoptimizes the function that
 * read it (out of bounds, or NaN where a small integer was expected) and compiles it again: tens
 * of milliseconds of a core per function, in every worker. The reader reads there with `codeAt`.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { XmlReader } from './xml-reader.ts';

const script = fileURLToPath(new URL('./read-in-chunks.test-helper.ts', import.meta.url));

describe('the XML reader under V8', () => {
  it('is never deoptimized for reading past the buffer', () => {
    const trace = execFileSync(process.execPath, ['--import', 'tsx', '--trace-deopt', script], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    // The reader's methods and the module's functions they call (not tsx's, which runs too).
    const readers = new Set([...Object.getOwnPropertyNames(XmlReader.prototype), 'isSpace']);
    const bailouts = trace
      .split('\n')
      .filter((line) => line.includes('bailout (kind'))
      .filter((line) => readers.has(/<JSFunction ([^ >]+)/.exec(line)?.[1] ?? ''));
    // The trace names the reader's deoptimizations (it has some, on paths met late): the check
    // below cannot pass for want of a trace.
    expect(bailouts.length).toBeGreaterThan(0);
    const pastTheEnd = bailouts.filter((line) => /reason: (out of bounds|not a Smi)/.test(line));
    expect(pastTheEnd).toEqual([]);
  }, 60_000);
});
