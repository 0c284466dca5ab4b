import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { stringRedactor } from '../src/protocol/redact.ts';
import { ResultsLog } from './results-log.ts';

const KEY = 'key-0123456789';
const row = (n: number, uri = `https://a/${n}`) => ({
  rowNumber: n,
  ServiceURI: uri,
  MediaType: 'image',
  issues: [],
  duplicateOf: null,
});

describe('ResultsLog', () => {
  it('writes the lines of a batch redacted, in CSV and JSON lines, formulas neutralized', () => {
    const dir = mkdtempSync(join(tmpdir(), 'results-log-'));
    const path = join(dir, 'r.csv');
    const log = new ResultsLog(path, stringRedactor([KEY]), `${path}.jsonl`);
    log.write(row(1), { state: 'succeeded', value: '41', error: null, attempts: 1, durationMs: 3 });
    log.write(row(2, '=cmd|x'), {
      state: 'failed',
      value: `ERROR: the key ${KEY} is unknown`,
      error: null,
      attempts: 1,
      durationMs: 3,
    });
    log.close();
    const csv = readFileSync(path, 'utf8');
    const jsonl = readFileSync(`${path}.jsonl`, 'utf8');
    expect(csv).not.toContain(KEY);
    expect(jsonl).not.toContain(KEY);
    expect(Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data).toEqual([
      ['Row', 'ServiceURI', 'MediaType', 'Outcome', 'Result'],
      ['1', 'https://a/1', 'image', 'registered', '41'],
      ['2', "'=cmd|x", 'image', 'failed', 'ERROR: the key •••••• is unknown'],
    ]);
    expect(
      jsonl
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { row: number }),
    ).toEqual([
      expect.objectContaining({ row: 1, value: '41', outcome: 'registered' }),
      expect.objectContaining({ row: 2, value: 'ERROR: the key •••••• is unknown' }),
    ]);
  });
});
