/**
 * CSV/TSV text to cells with papaparse, in chunks that yield to the event loop between them, so
 * that a 10,000-row paste never freezes the page. The delimiter is guessed by papaparse (comma,
 * tab, semicolon, pipe) from the first chunk.
 */
import Papa from 'papaparse';

export interface CsvCells {
  rows: string[][];
  /** papaparse's notes (unclosed quotes...), with 1-based row numbers. */
  problems: Array<{ row: number; message: string }>;
  delimiter: string;
}

export interface ParseCellsOptions {
  /** Bytes of text per chunk; each chunk is parsed in one go, then the page gets a turn. */
  chunkSize?: number;
  onProgress?: (rowsSoFar: number) => void;
  signal?: AbortSignal;
}

const DEFAULT_CHUNK = 64 * 1024;

/** The error a cancelled read rejects with (an AbortError, as fetch's). */
export function parsingCancelled(): DOMException {
  return new DOMException('Parsing was cancelled', 'AbortError');
}

/** Gives the event loop a turn (rendering, input) between chunks. */
export const yieldToPage = (): Promise<void> =>
  new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * @example const { rows } = await parseCsvCells('ServiceURI,MediaType\nhttps://a,image');
 * // rows: [['ServiceURI','MediaType'],['https://a','image']]
 */
export function parseCsvCells(text: string, options: ParseCellsOptions = {}): Promise<CsvCells> {
  const rows: string[][] = [];
  const problems: CsvCells['problems'] = [];
  let delimiter = ',';
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
      skipEmptyLines: 'greedy',
      chunkSize: options.chunkSize ?? DEFAULT_CHUNK,
      chunk: (results, parser) => {
        const first = rows.length;
        for (const row of results.data) rows.push(row.map((cell) => String(cell)));
        for (const error of results.errors) {
          problems.push({ row: first + (error.row ?? 0) + 1, message: error.message });
        }
        delimiter = results.meta.delimiter || delimiter;
        options.onProgress?.(rows.length);
        parser.pause();
        void yieldToPage().then(() => {
          if (options.signal?.aborted) {
            parser.abort();
            reject(parsingCancelled());
          } else parser.resume();
        });
      },
      complete: () => {
        if (!options.signal?.aborted) resolve({ rows, problems, delimiter });
      },
    };
    Papa.parse(text as unknown as Papa.LocalFile, config);
  });
}
