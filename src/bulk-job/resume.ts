/**
 * Resuming a job from an earlier results CSV (the page's download or the file `inode-console
 * bulk --results` writes as it goes): a row whose ServiceURI + MediaType pair the earlier file
 * lists as registered is not sent again. The pair, not the row number, is the key, so rows may
 * be added, removed or reordered between runs.
 */
import { unescapeFormula } from '../text/spreadsheet-formula.ts';
import { parseCsvCells } from './csv-cells.ts';
import { detectDelimiter } from './csv-dialect.ts';
import { pairKey, type BulkRow } from './bulk-rows.ts';
import type { RowResult } from './bulk-runner.ts';
import { isRegisteredOutcome } from './results-csv.ts';

export interface EarlierResults {
  /** pairKey(ServiceURI, MediaType) → the value the service returned (the ID). */
  registered: Map<string, string>;
  /** Why the file cannot be used (missing columns); empty when it can. */
  fileErrors: string[];
}

/**
 * @example (await readEarlierResults(csv)).registered.size // rows registered before
 */
export async function readEarlierResults(text: string): Promise<EarlierResults> {
  // The delimiter of the header line alone: lines of a multi-line value further down (a Result
  // the service answered with tabs on every line) would outvote the commas.
  const headerEnd = text.indexOf('\n');
  const delimiter = detectDelimiter(headerEnd < 0 ? text : text.slice(0, headerEnd));
  const { rows } = await parseCsvCells(text, { delimiter });
  const header = (rows[0] ?? []).map((cell) =>
    cell
      .trim()
      .replace(/^\uFEFF/, '')
      .toLowerCase(),
  );
  const column = (name: string) => header.indexOf(name.toLowerCase());
  const uri = column('ServiceURI');
  const media = column('MediaType');
  const outcome = column('Outcome');
  const result = column('Result');
  const missing = [
    ['ServiceURI', uri],
    ['MediaType', media],
    ['Outcome', outcome],
    ['Result', result],
  ].filter(([, index]) => index === -1);
  if (missing.length > 0) {
    return {
      registered: new Map(),
      fileErrors: [
        `The results file has no ${missing.map(([name]) => name).join(', ')} column: it is not a results CSV of a bulk job.`,
      ],
    };
  }
  const registered = new Map<string, string>();
  for (const cells of rows.slice(1)) {
    if (!isRegisteredOutcome(cells[outcome]?.trim() ?? '')) continue;
    const key = pairKey(
      unescapeFormula(cells[uri] ?? '').trim(),
      unescapeFormula(cells[media] ?? '').trim(),
    );
    registered.set(key, unescapeFormula(cells[result] ?? ''));
  }
  return { registered, fileErrors: [] };
}

/**
 * The starting results with every row registered earlier marked as such (succeeded, 0 attempts,
 * the earlier ID as value): the runner sends only pending rows, so those are never sent again.
 * @example const { results, taken } = resumeFrom(rows, initialResults(rows, true), earlier);
 */
export function resumeFrom(
  rows: readonly BulkRow[],
  starting: readonly RowResult[],
  earlier: EarlierResults,
): { results: RowResult[]; taken: number } {
  let taken = 0;
  const results = rows.map((row, index): RowResult => {
    const start = starting[index];
    const value = earlier.registered.get(pairKey(row.ServiceURI, row.MediaType));
    if (!start || start.state !== 'pending' || value === undefined) {
      return start ?? { state: 'pending', value: null, error: null, attempts: 0, durationMs: null };
    }
    taken += 1;
    return { state: 'succeeded', value, error: null, attempts: 0, durationMs: null };
  });
  return { results, taken };
}
