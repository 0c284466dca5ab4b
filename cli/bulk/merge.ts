/**
 * `inode-console bulk merge <results...>`: the results files of the n shards of one job joined
 * into one report: counts by outcome, failures, duplicates the service refused, rows found in
 * two shards, and which shard is incomplete (not read to its end, rows not sent, or missing).
 * Each file is streamed; rows are remembered as one bit each (125 KB per million rows).
 */
import { createReadStream, existsSync, openSync, writeSync, closeSync } from 'node:fs';
import { parse } from 'csv-parse';
import { csvCell, isRegisteredOutcome, resultsHeader } from '../../src/bulk-job/results-csv.ts';
import { unescapeFormula } from '../../src/text/spreadsheet-formula.ts';
import { UsageError } from '../exit-codes.ts';
import { replayJournal } from './journal.ts';

export interface ShardReport {
  file: string;
  /** k/n from the journal, or null when it has none. */
  shard: string | null;
  rows: number;
  registered: number;
  registeredEarlier: number;
  failed: number;
  duplicatesRefused: number;
  skipped: number;
  notSent: number;
  cancelled: number;
  /** The run read its input to the end (journal). */
  readToEnd: boolean;
  complete: boolean;
  /** Why it is not complete, in words. */
  why: string[];
}

export interface MergeReport {
  shards: ShardReport[];
  totals: Omit<ShardReport, 'file' | 'shard' | 'readToEnd' | 'complete' | 'why'>;
  /** Rows registered in more than one file (overlapping shards). */
  registeredTwice: number;
  /** Shard indexes of k/n missing among the files. */
  missingShards: string[];
  incomplete: string[];
  /** A few failures, "file row N: answer". */
  failures: string[];
}

/** A failed row whose answer says the service already has it. */
const DUPLICATE = /duplicate|already (exists|registered)|exists already/i;

/** One bit per row number, growing as needed. */
class RowBits {
  private bits = new Uint8Array(1 << 17);
  /** Sets the bit; returns whether it was already set. */
  testAndSet(row: number): boolean {
    const byte = row >>> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const mask = 1 << (row & 7);
    const was = ((this.bits[byte] ?? 0) & mask) !== 0;
    this.bits[byte] = (this.bits[byte] ?? 0) | mask;
    return was;
  }
}

async function readShard(
  file: string,
  registeredRows: RowBits,
  failures: string[],
  merged: number | null,
): Promise<{ report: ShardReport; twice: number }> {
  const journal = replayJournal(`${file}.journal`);
  const report: ShardReport = {
    file,
    shard: journal.header?.shard ?? null,
    rows: 0,
    registered: 0,
    registeredEarlier: 0,
    failed: 0,
    duplicatesRefused: 0,
    skipped: 0,
    notSent: 0,
    cancelled: 0,
    readToEnd: journal.ended,
    complete: false,
    why: [],
  };
  let twice = 0;
  const parser = createReadStream(file).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, from_line: 2 }),
  );
  // The last line of each row wins: a resumed run appends a row's new outcome after its old one.
  const last = new Map<number, string[]>();
  const settle = (cells: string[]) => {
    const outcome = cells[3] ?? '';
    const row = Number(cells[0]);
    report.rows += 1;
    if (outcome === 'registered (earlier run)') report.registeredEarlier += 1;
    if (isRegisteredOutcome(outcome)) {
      report.registered += 1;
      if (registeredRows.testAndSet(row)) twice += 1;
    } else if (outcome === 'failed') {
      report.failed += 1;
      if (DUPLICATE.test(cells[4] ?? '')) report.duplicatesRefused += 1;
      if (failures.length < 10) failures.push(`${file} row ${row}: ${cells[4] ?? ''}`);
    } else if (outcome.startsWith('skipped')) report.skipped += 1;
    else if (outcome === 'cancelled') report.cancelled += 1;
    else report.notSent += 1;
  };
  for await (const cells of parser as AsyncIterable<string[]>) {
    // Written again by the one rule: a cell escaped when it was first written comes out the same,
    // and one a shard's writer let through (an older version, or a file edited by hand) is escaped.
    if (merged !== null)
      writeSync(
        merged,
        `${cells.map((cell) => csvCell(unescapeFormula(cell), true)).join(',')}\r\n`,
      );
    const row = Number(cells[0]);
    // Lines of one row are close together only after a resume; keep the latest until the end.
    const earlier = last.get(row);
    if (earlier) last.set(row, cells);
    else if (cells[3] === 'not sent' || cells[3] === 'cancelled' || cells[3] === 'failed')
      last.set(row, cells);
    else settle(cells);
  }
  for (const cells of last.values()) settle(cells);
  const why: string[] = [];
  if (!existsSync(`${file}.journal`)) why.push('no journal beside it');
  else if (!report.readToEnd) why.push('its run did not read the file to the end');
  if (report.notSent > 0) why.push(`${report.notSent} rows not sent`);
  if (report.cancelled > 0) why.push(`${report.cancelled} rows cancelled`);
  if (report.failed > 0) why.push(`${report.failed} rows failed`);
  report.why = why;
  report.complete = why.length === 0;
  return { report, twice };
}

/**
 * @example const report = await mergeResults(['a-results-0of2.csv', 'a-results-1of2.csv']);
 */
export async function mergeResults(
  files: readonly string[],
  mergedPath?: string,
): Promise<MergeReport> {
  for (const file of files)
    if (!existsSync(file))
      throw new UsageError(`The results file ${file} cannot be read (ENOENT).`);
  const bits = new RowBits();
  const failures: string[] = [];
  const merged = mergedPath === undefined ? null : openSync(mergedPath, 'w');
  if (merged !== null) writeSync(merged, `\uFEFF${resultsHeader()}\r\n`);
  const shards: ShardReport[] = [];
  let registeredTwice = 0;
  try {
    for (const file of files) {
      const { report, twice } = await readShard(file, bits, failures, merged);
      shards.push(report);
      registeredTwice += twice;
    }
  } finally {
    if (merged !== null) closeSync(merged);
  }
  const sum = (key: keyof MergeReport['totals']) => shards.reduce((n, s) => n + s[key], 0);
  const totals = {
    rows: sum('rows'),
    registered: sum('registered'),
    registeredEarlier: sum('registeredEarlier'),
    failed: sum('failed'),
    duplicatesRefused: sum('duplicatesRefused'),
    skipped: sum('skipped'),
    notSent: sum('notSent'),
    cancelled: sum('cancelled'),
  };
  const labels = shards.map((s) => s.shard).filter((s): s is string => s !== null);
  const counts = new Set(labels.map((l) => Number(l.split('/')[1])));
  const missingShards: string[] = [];
  for (const n of counts) {
    for (let k = 0; k < n; k++) if (!labels.includes(`${k}/${n}`)) missingShards.push(`${k}/${n}`);
  }
  const incomplete = [
    ...shards
      .filter((s) => !s.complete)
      .map((s) => `${s.shard ?? s.file} (${s.file}): ${s.why.join(', ')}`),
    ...missingShards.map((s) => `${s}: no results file given`),
  ];
  return { shards, totals, registeredTwice, missingShards, incomplete, failures };
}
