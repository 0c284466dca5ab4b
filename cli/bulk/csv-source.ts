/**
 * The CSV file of `inode-console bulk`, read as a stream: csv-parse (a Node Transform) turns
 * 64 KB chunks into cells, handed out in batches, so memory does not grow with the file.
 * csv-parse rather than papaparse's Node stream: `max_record_size` bounds what a broken quote
 * can swallow in a 1 GB file, and each record's line number comes with it.
 *
 * The first PRE_READ_BYTES are read before anything is sent: a small file is judged whole, as
 * before (an unclosed quote refuses it and nothing is sent). Past that, a quote that never
 * closes stops the reading at its line: the rows before it run, `fatal` names the line.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse, type CsvError } from 'csv-parse';
import { detectDelimiter } from '../../src/bulk-job/csv-dialect.ts';
import { delimiterName } from '../../src/bulk-job/csv-cells.ts';
import { UsageError } from '../exit-codes.ts';

/** Read and checked before the first row is sent. */
export const PRE_READ_BYTES = 1 << 20;
/** One record (line) longer than this is a quote that never closes, or not CSV. */
export const MAX_RECORD_BYTES = 1 << 20;
const CHUNK_BYTES = 64 * 1024;

export interface CsvFault {
  /** 1-based line of the file where reading stopped. */
  line: number;
  message: string;
}

export interface CsvSource {
  /** The delimiter in words (comma, semicolon, tab, pipe). */
  delimiter: string;
  /** The lines' cells, in batches; ends at the end of the file or at a fault. */
  batches(): AsyncGenerator<string[][]>;
  /** Why reading stopped before the end of the file (set once `batches` ends). */
  readonly fault: CsvFault | null;
  readonly bytesRead: number;
}

function faultOf(error: CsvError, line: number): CsvFault {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return {
      line,
      message: `Line ${line} opens a quote (") that is never closed, so the lines after it cannot be read as rows. Close the quote or remove it.`,
    };
  }
  if (error.code === 'CSV_MAX_RECORD_SIZE') {
    return {
      line,
      message: `Line ${line} runs on for more than ${MAX_RECORD_BYTES / 1024 / 1024} MB without ending: a quote (") opens there and never closes, or the file is not CSV. The lines from there on cannot be read as rows.`,
    };
  }
  return { line, message: `Line ${line} cannot be read as CSV: ${error.message}` };
}

/** The first bytes, to find the delimiter and to tell a text file from anything else. */
async function sniff(path: string): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`The CSV file ${path} cannot be read${code ? ` (${code})` : ''}.`);
  }
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`The CSV file ${path} cannot be read${code ? ` (${code})` : ''}.`);
  } finally {
    await handle.close();
  }
}

/**
 * Opens the file, checks that it is CSV text, and pre-reads it (see above).
 * @throws UsageError: unreadable, empty, not text, or broken within the pre-read
 * @example const source = await openCsvSource('rows.csv'); for await (const lines of source.batches()) …
 */
export async function openCsvSource(path: string): Promise<CsvSource> {
  const head = await sniff(path);
  if (head.length === 0 || head.toString('utf8').trim() === '')
    throw new UsageError(`${path} has no rows: the file is empty.`);
  const nul = head.indexOf(0);
  if (nul >= 0) {
    throw new UsageError(
      `${path} is not a CSV text file (it has a NUL byte at byte ${nul + 1}): give a CSV or TSV of ServiceURI and MediaType.`,
    );
  }
  const delimiter = detectDelimiter(head.toString('utf8'));
  let fault: CsvFault | null = null;
  let bytesRead = 0;
  /** The line the last complete record ended on. */
  let lastLine = 0;
  let pending: string[][] = [];
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
    on_record: (record: string[], context) => {
      lastLine = context.lines;
      if (!record.every((cell) => cell.trim() === '')) pending.push(record);
      // Nothing is pushed to the readable side: records are taken here.
      return null;
    },
  });
  parser.on('error', () => undefined);
  const file = createReadStream(path, { highWaterMark: CHUNK_BYTES });
  const feed = (chunk: Buffer | null) =>
    new Promise<void>((resolve) => {
      const done = (error?: Error | null) => {
        if (error && fault === null) fault = faultOf(error as CsvError, lastLine + 1);
        resolve();
      };
      if (chunk === null) {
        parser.once('error', done);
        parser.end(() => done());
      } else parser.write(chunk, done);
    });

  async function* chunks(): AsyncGenerator<string[][]> {
    try {
      for await (const chunk of file) {
        bytesRead += (chunk as Buffer).length;
        await feed(chunk as Buffer);
        if (fault) break;
        if (pending.length > 0) {
          const out = pending;
          pending = [];
          yield out;
        }
      }
      if (!fault) await feed(null);
      if (pending.length > 0) {
        const out = pending;
        pending = [];
        yield out;
      }
    } finally {
      file.destroy();
    }
  }

  // Pre-read: the first PRE_READ_BYTES (or the whole of a smaller file) before anything is sent.
  const reader = chunks();
  const held: string[][][] = [];
  let ended = false;
  while (bytesRead < PRE_READ_BYTES) {
    const next = await reader.next();
    if (next.done) {
      ended = true;
      break;
    }
    held.push(next.value);
  }
  const early = fault as CsvFault | null;
  if (early) throw new UsageError(`${path}: ${early.message}`);
  return {
    delimiter: delimiterName(delimiter),
    get fault() {
      return fault;
    },
    get bytesRead() {
      return bytesRead;
    },
    async *batches() {
      yield* held.splice(0);
      if (!ended) yield* reader;
    },
  };
}
