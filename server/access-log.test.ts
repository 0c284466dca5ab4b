// The access log's line is JSON.stringify of its entry, built without it; the writer batches.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessLogLine, isoTime, type AccessLogEntry } from './access-log.ts';
import { batchedWriter, FLUSH_BYTES, type LogWriter } from './log-writer.ts';

describe('accessLogLine', () => {
  const entry: AccessLogEntry = {
    time: '2026-01-02T03:04:05.067Z',
    method: 'POST',
    path: '/Inode.asmx',
    status: 200,
    durationMs: 1.5,
    target: 'default',
    bytes: 1234,
  };

  it.each<Partial<AccessLogEntry>>([
    {},
    { target: null, status: 0, durationMs: 0 },
    { path: '/tools/inode/Inode.asmx/GetAssetStubs', method: 'GET' },
    { path: '/a"b\\c', target: 'quote"d' },
    { path: '/\u0001\u007f\u00e9\ud800', method: 'M\nX' },
    { durationMs: 1234.5, bytes: 0 },
  ])('reads as JSON.stringify(entry) and a newline (%o)', (change) => {
    const changed = { ...entry, ...change };
    expect(accessLogLine(changed)).toBe(`${JSON.stringify(changed)}\n`);
  });
});

describe('isoTime', () => {
  it('is toISOString at every millisecond, across seconds', () => {
    const start = Date.UTC(2026, 10, 25, 23, 59, 58, 990);
    for (let ms = start; ms < start + 2_100; ms += 7)
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    for (const ms of [0, Date.UTC(1999, 11, 31, 23, 59, 59, 999), Date.now()])
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});

describe('batchedWriter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A writer whose batches are kept as text. */
  function collected(): { writes: string[]; log: LogWriter } {
    const writes: string[] = [];
    const log = batchedWriter((bytes) => writes.push(Buffer.from(bytes).toString('utf8')), 50);
    return { writes, log };
  }

  it('writes the lines of one interval in one write, and nothing when there are none', () => {
    vi.useFakeTimers();
    const { writes, log } = collected();
    log('a\n');
    log('b\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(writes).toEqual(['a\nb\n']);
    vi.advanceTimersByTime(500);
    expect(writes).toEqual(['a\nb\n']);
    log('c\n');
    vi.advanceTimersByTime(50);
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes at once when a batch is full, and on flush()', () => {
    vi.useFakeTimers();
    const { writes, log } = collected();
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < FLUSH_BYTES / line.length; i++) log(line);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(FLUSH_BYTES);
    log('tail\n');
    log.flush();
    expect(writes).toEqual([writes[0], 'tail\n']);
    vi.advanceTimersByTime(500);
    expect(writes).toHaveLength(2);
  });

  it('keeps every line whole and in order across batches, whatever its characters', () => {
    vi.useFakeTimers();
    const { writes, log } = collected();
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) {
      // ASCII, two- and three-byte characters and a surrogate pair, lines of varied lengths.
      const line = `{"n":${i},"path":"/é/漢/😀/${'y'.repeat(i % 97)}"}\n`;
      lines.push(line);
      log(line);
    }
    log.flush();
    expect(writes.length).toBeGreaterThan(1);
    for (const batch of writes) {
      expect(Buffer.byteLength(batch)).toBeLessThanOrEqual(FLUSH_BYTES);
      expect(batch.endsWith('\n')).toBe(true);
    }
    expect(writes.join('')).toBe(lines.join(''));
  });

  it('writes a line longer than a batch on its own, after what was pending', () => {
    vi.useFakeTimers();
    const { writes, log } = collected();
    const long = `${'é'.repeat(FLUSH_BYTES)}\n`;
    log('before\n');
    log(long);
    log('after\n');
    log.flush();
    expect(writes).toEqual(['before\n', long, 'after\n']);
  });

  it('hands each batch over for good: the next batch does not write into it', () => {
    vi.useFakeTimers();
    const batches: Uint8Array[] = [];
    const log = batchedWriter((bytes) => batches.push(bytes), 50);
    log('first\n');
    log.flush();
    log('second\n');
    log.flush();
    expect(batches.map((b) => Buffer.from(b).toString())).toEqual(['first\n', 'second\n']);
  });
});
