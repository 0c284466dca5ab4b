import { describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPACT_EVERY, Journal, JournalState, replayJournal } from './journal.ts';
import { ResultsLog, reconcileResults } from '../results-log.ts';

const header = { input: { size: 1, mtimeMs: 2 }, shard: '0/1' };
const row = (n: number) => ({
  rowNumber: n,
  ServiceURI: `https://a/${n}`,
  MediaType: 'image',
  issues: [],
  duplicateOf: null,
});
const ok = { state: 'succeeded' as const, value: 'id', error: null, attempts: 1, durationMs: 1 };

describe('journal', () => {
  it('replays done rows (from the results file), in-doubt rows and a torn last line as a killed process leaves them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const path = join(dir, 'r.csv');
    const log = new ResultsLog(path, (t) => t);
    const journal = new Journal(`${path}.journal`, header, new JournalState(), () => log.size);
    await Promise.all([1, 2, 3, 4].map((n) => journal.started(n)));
    log.write(row(2), ok);
    journal.done(2);
    log.write(row(1), ok);
    journal.done(1);
    log.flush(); // the batch was written before the kill
    journal.unclear(3);
    await journal.started(5);
    journal.failed(5);
    appendFileSync(`${path}.journal`, 'F 4'); // torn: no line break
    const replay = replayJournal(`${path}.journal`);
    expect(replay.header).toEqual(header);
    // A done row writes no journal line: until the results are read, the journal doubts it.
    expect(replay.inDoubt).toEqual([1, 2, 3, 4]);
    expect(reconcileResults(path, replay.resultsOffset, replay.state)).toBe(2);
    expect([1, 2, 3, 4, 5].filter((n) => replay.state.isDone(n))).toEqual([1, 2]);
    expect(replay.inDoubt.filter((n) => !replay.state.isDone(n))).toEqual([3, 4]);
    expect([...replay.state.failed]).toEqual([5]);
    expect(replay.ended).toBe(false);
  });

  it('leaves the rows of a results batch not yet written in doubt, never done', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const path = join(dir, 'r.csv');
    const log = new ResultsLog(path, (t) => t);
    const journal = new Journal(`${path}.journal`, header, new JournalState(), () => log.size);
    await Promise.all([1, 2, 3].map((n) => journal.started(n)));
    log.write(row(1), ok);
    journal.done(1);
    log.flush();
    log.write(row(2), ok); // still in memory when the process is killed
    journal.done(2);
    const replay = replayJournal(`${path}.journal`);
    reconcileResults(path, replay.resultsOffset, replay.state);
    expect(replay.state.isDone(1)).toBe(true);
    expect(replay.inDoubt.filter((n) => !replay.state.isDone(n))).toEqual([2, 3]);
  });

  it('a checkpoint writes the results batch first, so the rows it settles have their lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const path = join(dir, 'r.csv');
    const log = new ResultsLog(path, (t) => t);
    const journal = new Journal(`${path}.journal`, header, new JournalState(), () => log.size);
    await journal.started(1);
    log.write(row(1), ok);
    journal.done(1);
    journal.compact();
    expect(readFileSync(path, 'utf8')).toContain('https://a/1');
    expect(replayJournal(`${path}.journal`).state.isDone(1)).toBe(true);
  });

  it('writes one journal line per row sent, none for its success', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const path = join(dir, 'r.csv.journal');
    const journal = new Journal(path, header, new JournalState(), () => 0);
    const before = statSync(path).size;
    for (let n = 1; n <= 100; n++) {
      await journal.started(n);
      journal.done(n);
    }
    const lines = readFileSync(path, 'latin1').slice(before).split('\n').filter(Boolean);
    expect(lines).toHaveLength(100);
    expect(lines.every((line) => line.startsWith('S '))).toBe(true);
    journal.close();
  });

  it('compacts into one small checkpoint that keeps done, failed and in-doubt rows and the results offset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const path = join(dir, 'r.csv.journal');
    let size = 0;
    const state = new JournalState();
    state.markUnsure(7);
    const journal = new Journal(path, header, state, () => size);
    for (let n = 1; n <= COMPACT_EVERY + 10; n++) {
      await journal.started(n);
      size += 10;
      if (n === 5) journal.failed(n);
      else if (n !== 7) journal.done(n);
    }
    await journal.started(COMPACT_EVERY + 11);
    // Two lines and a few rows beyond the checkpoint, whatever the rows done before it.
    expect(statSync(path).size).toBeLessThan(1000);
    journal.markEnded();
    const replay = replayJournal(path);
    expect(replay.state.isDone(6)).toBe(true);
    expect(replay.state.isDone(COMPACT_EVERY + 10)).toBe(true);
    expect(replay.state.isDone(5)).toBe(false);
    expect([...replay.state.failed]).toEqual([5]);
    expect(replay.inDoubt).toEqual([7, COMPACT_EVERY + 11]);
    expect(replay.resultsOffset).toBe((COMPACT_EVERY + 10) * 10);
    expect(replay.ended).toBe(true);
    journal.close();
  });

  it('rows that start in one turn share one write of their S lines, made before any of them may be sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const path = join(dir, 'r.csv.journal');
    const journal = new Journal(path, header, new JournalState(), () => 0);
    const sizeBefore = statSync(path).size;
    const waits = [1, 2, 3].map((n) => journal.started(n));
    // Killed now: no S line, and no call has left (none of the rows may be sent yet).
    expect(statSync(path).size).toBe(sizeBefore);
    expect(replayJournal(path).inDoubt).toEqual([]);
    expect(new Set(waits).size).toBe(1);
    let sendable = false;
    void waits[0]?.then(() => {
      sendable = true;
    });
    await Promise.resolve();
    expect(sendable).toBe(false);
    await Promise.all(waits);
    // Once a row may be sent, its S line is in the file: a kill from here leaves it in doubt.
    expect(readFileSync(path, 'latin1').slice(sizeBefore)).toBe('S 1\nS 2\nS 3\n');
    expect(replayJournal(path).inDoubt).toEqual([1, 2, 3]);
    // A row starting later waits on a write of its own.
    const later = journal.started(4);
    expect(later).not.toBe(waits[0]);
    await later;
    expect(replayJournal(path).inDoubt).toEqual([1, 2, 3, 4]);
    journal.close();
  });

  it('a row started while a checkpoint is written stays in doubt through it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const path = join(dir, 'r.csv.journal');
    const journal = new Journal(path, header, new JournalState(), () => 0);
    const wait = journal.started(1);
    journal.compact();
    // Its S line is not written yet, but the checkpoint already holds it in doubt.
    expect(replayJournal(path).inDoubt).toEqual([1]);
    await wait;
    expect(replayJournal(path).inDoubt).toEqual([1]);
    journal.close();
  });

  it('an S line that cannot be written rejects, so its row is not sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const path = join(dir, 'r.csv.journal');
    const journal = new Journal(path, header, new JournalState(), () => 0);
    journal.close();
    await expect(journal.started(1)).rejects.toThrow(/EBADF/);
    // The next row waits on a write of its own (and fails the same way here).
    await expect(journal.started(2)).rejects.toThrow(/EBADF/);
  });

  it('a missing journal replays as empty', () => {
    const replay = replayJournal(join(tmpdir(), 'no-such-journal'));
    expect(replay.state.doneCount).toBe(0);
    expect(replay.header).toBeNull();
  });
});

describe('reconcileResults', () => {
  it('cuts a torn last line and takes registered lines the journal missed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'results-'));
    const path = join(dir, 'r.csv');
    const log = new ResultsLog(path, (t) => t);
    log.write(row(1), ok);
    const offset = log.size;
    log.write(row(2), ok);
    log.write(row(3), { ...ok, state: 'failed', value: null, error: 'HTTP 500' });
    log.close();
    appendFileSync(path, '4,https://a/4,ima');
    const state = new JournalState();
    state.markDone(1);
    expect(reconcileResults(path, offset, state)).toBe(1);
    expect([1, 2, 3].map((n) => state.isDone(n))).toEqual([true, true, false]);
    expect(readFileSync(path, 'utf8').endsWith('HTTP 500\r\n')).toBe(true);
  });

  it('does nothing for a missing file', () => {
    expect(reconcileResults(join(tmpdir(), 'none-such-results.csv'), 0, new JournalState())).toBe(
      0,
    );
  });
});
