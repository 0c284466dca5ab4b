/**
 * CSV/TSV text to cells with papaparse, in chunks that yield to the event loop between them, so
 * that a 10,000-row paste never freezes the page. The delimiter (comma, tab, semicolon, pipe) is
 * found by `detectDelimiter` and given to papaparse, and papaparse's notes are put in the
 * console's own words.
 */
import Papa from 'papaparse';
import { detectDelimiter, unclosedQuoteLine, type Delimiter } from './csv-dialect.ts';
import { nextTurn } from '../tasks/next-turn.ts';

export interface CsvCells {
  rows: string[][];
  /** What did not read cleanly, in the console's words, with 1-based row numbers. */
  problems: Array<{ row: number; message: string }>;
  delimiter: string;
  /**
   * The 1-based line where a quote opens and never closes: every later line was read into that
   * one value, so `rows` cannot be used.
   */
  unclosedQuoteLine: number | null;
}

/** The delimiter in words, for messages. */
export function delimiterName(delimiter: string): string {
  return delimiter === '\t'
    ? 'tab'
    : delimiter === ';'
      ? 'semicolon'
      : delimiter === '|'
        ? 'pipe'
        : 'comma';
}

/** A note of papaparse's in the console's words (its own wording names its internals). */
function problemInWords(error: Papa.ParseError): string {
  if (error.code === 'InvalidQuotes') {
    return 'a quoted value has more text after its closing quote; it was read as it stands. Quote the whole value or remove the quotes.';
  }
  if (error.code === 'MissingQuotes') return 'a quote opens here and is never closed.';
  return 'this row could not be read cleanly; check its quotes and delimiters.';
}

export interface ParseCellsOptions {
  /** Bytes of text per chunk; each chunk is parsed in one go, then the page gets a turn. */
  chunkSize?: number;
  onProgress?: (rowsSoFar: number) => void;
  signal?: AbortSignal;
  /** The delimiter when the caller knows it better than `detectDelimiter`'s guess. */
  delimiter?: Delimiter;
}

const DEFAULT_CHUNK = 64 * 1024;

/** The error a cancelled read rejects with (an AbortError, as fetch's). */
export function parsingCancelled(): DOMException {
  return new DOMException('Parsing was cancelled', 'AbortError');
}

/**
 * @example const { rows } = await parseCsvCells('ServiceURI,MediaType\nhttps://a,image');
 * // rows: [['ServiceURI','MediaType'],['https://a','image']]
 */
export function parseCsvCells(text: string, options: ParseCellsOptions = {}): Promise<CsvCells> {
  const rows: string[][] = [];
  const problems: CsvCells['problems'] = [];
  const delimiter = options.delimiter ?? detectDelimiter(text);
  /** papaparse's row of an unclosed quote, should the line scan not find it. */
  let missingQuoteRow: number | null = null;
  return new Promise<CsvCells>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(parsingCancelled());
      return;
    }
    // papaparse streams strings in chunks too (its StringStreamer), though @types/papaparse
    // only types `chunk` for files, hence the cast below. String input reports bad rows in
    // `errors`, never through an error callback.
    const config: Papa.ParseLocalConfig<string[], Papa.LocalFile> = {
      header: false,
      delimiter,
      skipEmptyLines: 'greedy',
      chunkSize: options.chunkSize ?? DEFAULT_CHUNK,
      chunk: (results, parser) => {
        const first = rows.length;
        for (const row of results.data) rows.push(row.map((cell) => String(cell)));
        for (const error of results.errors) {
          if (error.code === 'MissingQuotes') missingQuoteRow ??= first + (error.row ?? 0) + 1;
          else problems.push({ row: first + (error.row ?? 0) + 1, message: problemInWords(error) });
        }
        options.onProgress?.(rows.length);
        parser.pause();
        void nextTurn().then(() => {
          if (options.signal?.aborted) {
            parser.abort();
            reject(parsingCancelled());
          } else parser.resume();
        });
      },
      complete: () => {
        if (options.signal?.aborted) return;
        resolve({
          rows,
          problems,
          delimiter,
          unclosedQuoteLine:
            missingQuoteRow === null
              ? null
              : (unclosedQuoteLine(text, delimiter) ?? missingQuoteRow),
        });
      },
    };
    Papa.parse(text as unknown as Papa.LocalFile, config);
  });
}
