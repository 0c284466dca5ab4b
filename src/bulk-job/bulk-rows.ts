/**
 * From CSV cells to the rows of a bulk job: finds the ServiceURI and MediaType columns (by
 * header name, case-insensitive; else by content, `findColumns`), and checks every row. Empty values are errors (the row is not sent); a ServiceURI that is not an
 * absolute URI and a repeated pair are warnings, since the service might accept them.
 */
import { isAbsoluteUri } from '../text/absolute-uri.ts';
import { PENDING, SKIPPED, type RowResult } from './bulk-runner.ts';
import { exactPairMemory, type PairMemory } from './pair-memory.ts';

export interface BulkRowIssue {
  severity: 'error' | 'warning';
  message: string;
}

export interface BulkRow {
  /** 1-based number among the data rows (the header and blank lines are not counted). */
  rowNumber: number;
  ServiceURI: string;
  MediaType: string;
  issues: BulkRowIssue[];
  /** rowNumber of the first row with the same ServiceURI and MediaType, when this one repeats it. */
  duplicateOf: number | null;
}

/** Which columns were taken, and why the first line is or is not a header. */
export interface BulkColumns {
  /** 0-based column indexes. */
  serviceUri: number;
  mediaType: number;
  /**
   * named: the first line names ServiceURI and MediaType; content: its ServiceURI cell is not an
   * absolute URI while most of the next lines' are, so it names the columns in other words;
   * none: the first line is data.
   */
  header: 'named' | 'content' | 'none';
  /** The first line's cells when it is a header. */
  names: readonly string[];
}

export interface BulkRowsResult {
  rows: BulkRow[];
  hasHeader: boolean;
  /** null when there are no rows or the input as a whole has problems. */
  columns: BulkColumns | null;
  /** Problems with the input as a whole (missing column, too many rows); nothing can run. */
  fileErrors: string[];
}

/** A job this size stays responsive; more is better split into several files. */
export const MAX_ROWS = 100_000;

const SERVICE_URI = 'serviceuri';

/** Characters XML 1.0 cannot carry (the client refuses to send them), lone surrogates included. */
const NOT_XML =
  // Control characters are exactly what this pattern is about.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function notXmlIssue(name: string, value: string): BulkRowIssue | null {
  const found = NOT_XML.exec(value);
  if (!found) return null;
  const code = (found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return {
    severity: 'error',
    message: `${name} contains U+${code}, which XML cannot carry.`,
  };
}
const MEDIA_TYPE = 'mediatype';

function normalizeHeader(cell: string): string {
  return cell
    .trim()
    .replace(/^\uFEFF/, '')
    .toLowerCase();
}

/** Column indexes from the first row, or null when it is data rather than a header. */
function readHeader(first: readonly string[]): { uri: number; media: number } | null {
  const names = first.map(normalizeHeader);
  const uri = names.indexOf(SERVICE_URI);
  const media = names.indexOf(MEDIA_TYPE);
  if (uri < 0 && media < 0) return null;
  return { uri, media };
}

/** Lines after the first looked at to tell a header from data and find the ServiceURI column. */
export const CONTENT_SAMPLE = 20;

/**
 * The columns of an input whose first line does not name them: ServiceURI is the column whose
 * cells in the next lines are most often absolute URIs (the first column if none is), MediaType
 * the first other column; the first line is a header when its ServiceURI cell is not an absolute
 * URI while at least half of the next lines' are.
 * @example findColumns([['url','type'],['https://a/1','image']]) // { serviceUri: 0, mediaType: 1, header: 'content', names: ['url','type'] }
 */
export function findColumns(cells: readonly (readonly string[])[]): BulkColumns {
  const first = cells[0] ?? [];
  const sample = cells.slice(1, 1 + CONTENT_SAMPLE);
  const width = Math.max(first.length, ...sample.map((row) => row.length));
  let serviceUri = 0;
  let bestShare = 0;
  for (let column = 0; column < width; column++) {
    const uris = sample.filter((row) => isAbsoluteUri((row[column] ?? '').trim())).length;
    const share = sample.length > 0 ? uris / sample.length : 0;
    if (share > bestShare) {
      serviceUri = column;
      bestShare = share;
    }
  }
  const mediaType = serviceUri === 0 ? 1 : 0;
  const isHeader = bestShare >= 0.5 && !isAbsoluteUri((first[serviceUri] ?? '').trim());
  return isHeader
    ? { serviceUri, mediaType, header: 'content', names: first.map(cleanName) }
    : { serviceUri, mediaType, header: 'none', names: [] };
}

const cleanName = (cell: string) => cell.trim().replace(/^\uFEFF/, '');

/**
 * Which column was taken as what, in words.
 * @example columnsInWords({ serviceUri: 0, mediaType: 1, header: 'content', names: ['url', 'type'] })
 * // 'The first line was read as a header (“url” is not an absolute URI; the lines below have URIs there): ServiceURI from column 1 (“url”), MediaType from column 2 (“type”).'
 */
export function columnsInWords(columns: BulkColumns): string {
  const named = (index: number) => {
    const name = columns.names[index];
    return `column ${index + 1}${name ? ` (“${name}”)` : ''}`;
  };
  const taken = `ServiceURI from ${named(columns.serviceUri)}, MediaType from ${named(columns.mediaType)}.`;
  if (columns.header === 'named') return `The first line is a header: ${taken}`;
  if (columns.header === 'content') {
    const name = columns.names[columns.serviceUri] ?? '';
    return `The first line was read as a header (“${name}” is not an absolute URI; the lines below have URIs there): ${taken}`;
  }
  return `No header line: ${taken}`;
}

/** The input read as a whole (header, file errors), and a check for each data row in order. */
export interface BulkRowChecks {
  hasHeader: boolean;
  columns: BulkColumns | null;
  /** Problems with the input as a whole; when there are any, `count` is 0. */
  fileErrors: string[];
  /** How many data rows there are to check. */
  count: number;
  /** Checks data row `index` (0-based); rows must be checked in order (repeats are found so). */
  check: (index: number) => BulkRow;
}

/**
 * The row checks, one row at a time, for a caller that spreads them over several tasks (the
 * Bulk register page checks 100,000 rows without holding the page for half a second).
 * @example const checks = bulkRowChecks(cells); const first = checks.check(0);
 */
export function bulkRowChecks(cells: readonly (readonly string[])[]): BulkRowChecks {
  const head = readColumns(cells.slice(0, 1 + CONTENT_SAMPLE));
  if (head === null)
    return { hasHeader: false, columns: null, fileErrors: [], count: 0, check: noRow };
  const { hasHeader, columns } = head;
  const dataStart = hasHeader ? 1 : 0;
  const count = cells.length - dataStart;
  const fileErrors = [...head.fileErrors];
  if (count > MAX_ROWS) {
    fileErrors.push(
      `${count.toLocaleString('en')} rows is more than ${MAX_ROWS.toLocaleString('en')}: split the file into smaller jobs.`,
    );
  }
  if (fileErrors.length > 0 || columns === null)
    return { hasHeader, columns: null, fileErrors, count: 0, check: noRow };
  const checkRow = rowCheck(columns, exactPairMemory());
  const check = (index: number): BulkRow => checkRow(cells[dataStart + index] ?? [], index + 1);
  return { hasHeader, columns, fileErrors: [], count, check };
}

/** How the first lines of an input read: its columns, or why it cannot be used. */
export interface InputHead {
  hasHeader: boolean;
  /** null when there are file errors. */
  columns: BulkColumns | null;
  fileErrors: string[];
}

/**
 * The columns of an input from its first line and the CONTENT_SAMPLE lines after it (fewer when
 * the input is shorter); null when there is no line at all.
 * @example readColumns([['ServiceURI', 'MediaType']])?.columns?.header // 'named'
 */
export function readColumns(head: readonly (readonly string[])[]): InputHead | null {
  const first = head[0];
  if (first === undefined) return null;
  const header = readHeader(first);
  const fileErrors: string[] = [];
  if (header && header.uri < 0) fileErrors.push('The header row has no ServiceURI column.');
  if (header && header.media < 0) fileErrors.push('The header row has no MediaType column.');
  const columns: BulkColumns = header
    ? {
        serviceUri: header.uri,
        mediaType: header.media,
        header: 'named',
        names: first.map(cleanName),
      }
    : findColumns(head);
  const hasHeader = columns.header !== 'none';
  if (!header && Math.max(...head.slice(0, 1 + CONTENT_SAMPLE).map((row) => row.length)) < 2) {
    fileErrors.push(
      'No header row with ServiceURI and MediaType, and fewer than two columns: each line needs a ServiceURI and a MediaType.',
    );
  }
  return { hasHeader, columns: fileErrors.length > 0 ? null : columns, fileErrors };
}

/**
 * The check of one data row's cells, given the columns and the pairs seen so far; rows must be
 * checked in order (repeats are found so).
 * @example rowCheck(columns, exactPairMemory())(['https://a/1', 'image'], 1).issues // []
 */
export function rowCheck(
  columns: BulkColumns,
  seen: PairMemory,
): (cellsOfRow: readonly string[], rowNumber: number) => BulkRow {
  const uriColumn = columns.serviceUri;
  const mediaColumn = columns.mediaType;
  // The header's two cells, to know a line that repeats it (files joined together).
  const headerKey =
    columns.header === 'none'
      ? null
      : pairKey(
          (columns.names[uriColumn] ?? '').trim().toLowerCase(),
          (columns.names[mediaColumn] ?? '').trim().toLowerCase(),
        );
  return (cellsOfRow, rowNumber) => {
    const ServiceURI = (cellsOfRow[uriColumn] ?? '').trim();
    const MediaType = (cellsOfRow[mediaColumn] ?? '').trim();
    const issues: BulkRowIssue[] = [];
    if (
      headerKey !== null &&
      pairKey(ServiceURI.toLowerCase(), MediaType.toLowerCase()) === headerKey
    )
      issues.push({
        severity: 'error',
        message: 'This line repeats the header (files joined together?): it is not a row.',
      });
    if (ServiceURI === '') issues.push({ severity: 'error', message: 'ServiceURI is empty.' });
    else if (!isAbsoluteUri(ServiceURI)) {
      issues.push({ severity: 'warning', message: 'ServiceURI is not an absolute URI.' });
    }
    if (MediaType === '') issues.push({ severity: 'error', message: 'MediaType is empty.' });
    for (const issue of [
      notXmlIssue('ServiceURI', ServiceURI),
      notXmlIssue('MediaType', MediaType),
    ]) {
      if (issue) issues.push(issue);
    }
    const earlier = seen.firstRow(pairKey(ServiceURI, MediaType), rowNumber);
    if (earlier !== undefined)
      issues.push({ severity: 'warning', message: `Same as row ${earlier}.` });
    return { rowNumber, ServiceURI, MediaType, issues, duplicateOf: earlier ?? null };
  };
}

function noRow(): never {
  throw new RangeError('no rows to check');
}

/**
 * @example toBulkRows([['ServiceURI','MediaType'], ['https://a/1','image']]).rows[0]
 * // { rowNumber: 1, ServiceURI: 'https://a/1', MediaType: 'image', issues: [], duplicateOf: null }
 */
export function toBulkRows(cells: readonly (readonly string[])[]): BulkRowsResult {
  const { hasHeader, columns, fileErrors, count, check } = bulkRowChecks(cells);
  const rows = Array.from({ length: count }, (_, index) => check(index));
  return { rows, hasHeader, columns, fileErrors };
}

/** What makes two rows the same registration: used for repeats and for `--resume`. */
export function pairKey(serviceUri: string, mediaType: string): string {
  return `${serviceUri}\u0000${mediaType}`;
}

/** A row with an error is never sent. */
export function isSendable(row: BulkRow): boolean {
  return !row.issues.some((issue) => issue.severity === 'error');
}

export interface BulkRowCounts {
  total: number;
  errors: number;
  warnings: number;
  duplicates: number;
}

/** @example countRows(rows) // { total: 5, errors: 1, warnings: 0, duplicates: 0 } */
export function countRows(rows: readonly BulkRow[]): BulkRowCounts {
  let errors = 0;
  let warnings = 0;
  let duplicates = 0;
  for (const row of rows) {
    if (!isSendable(row)) errors += 1;
    else if (row.issues.length > 0) warnings += 1;
    if (row.duplicateOf !== null) duplicates += 1;
  }
  return { total: rows.length, errors, warnings, duplicates };
}

/**
 * Where a job starts: rows with errors, and repeats when they are sent once, are skipped.
 * @example initialResults(rows, true).filter((r) => r.state === 'pending').length // rows to send
 */
export function initialResults(rows: readonly BulkRow[], skipDuplicates: boolean): RowResult[] {
  return rows.map((row) => startingResult(row, skipDuplicates));
}

/** One row's starting result (see initialResults). */
export function startingResult(row: BulkRow, skipDuplicates: boolean): RowResult {
  return !isSendable(row) || (skipDuplicates && row.duplicateOf !== null) ? SKIPPED : PENDING;
}
