/**
 * A chosen file's rows, read as a stream and checked as they come: bytes → UTF-8 text
 * (TextDecoderStream, strict) → blocks of whole lines (CsvBlocks) → cells (papaparse, one block
 * at a time) → checked rows. The caller pulls a batch at a time, so no more of the file is read
 * than the job is ready to send, and a file of any size holds one block and one batch in memory.
 */
import Papa from 'papaparse';
import { detectDelimiter } from '../../../bulk-job/csv-dialect.ts';
import { delimiterName } from '../../../bulk-job/csv-cells.ts';
import { columnsInWords, type BulkRow } from '../../../bulk-job/bulk-rows.ts';
import type { RowChecker } from '../../../bulk-job/row-stream.ts';
import { CsvBlocks, type CsvBlock } from './csv-blocks.ts';
import type { FileRowsBatch, FileRowsHead, RowProblem } from './file-rows-protocol.ts';
import { errorMessage } from '../../../text/error-message.ts';

/** A quoted value with text after its closing quote, in the console's words (as csv-cells). */
const PROBLEM_WORDS: Record<string, string> = {
  InvalidQuotes:
    'a quoted value has more text after its closing quote; it was read as it stands. Quote the whole value or remove the quotes.',
};
const OTHER_PROBLEM = 'this row could not be read cleanly; check its quotes and delimiters.';

/** At most this many row problems are kept; the rest are counted. */
export const MAX_PROBLEMS = 100;

export class FileRowsReader {
  private readonly reader: ReadableStreamDefaultReader<string>;
  private readonly blocks = new CsvBlocks();
  private delimiter: string | null = null;
  private bytes = 0;
  private ready: BulkRow[] = [];
  private done = false;
  private error: string | null = null;
  private problems: RowProblem[] = [];
  private problemsNotKept = 0;
  private linesRead = 0;

  constructor(
    stream: ReadableStream<Uint8Array<ArrayBuffer>>,
    private readonly checker: RowChecker,
    /** Rows up to this number were sent by an earlier run: read and checked, not handed out. */
    private readonly skipThrough = 0,
  ) {
    const counted = stream.pipeThrough(
      new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
        transform: (chunk, controller) => {
          this.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    this.reader = counted.pipeThrough(new TextDecoderStream('utf-8', { fatal: true })).getReader();
  }

  /** Reads until the columns are known: header, delimiter, whole-file errors. */
  async head(): Promise<FileRowsHead> {
    const checker = this.checker;
    while (!checker.columns && checker.fileErrors.length === 0 && !this.done) {
      await this.readBlock();
    }
    const fileErrors = [...checker.fileErrors];
    if (this.error) fileErrors.push(this.error);
    else if (this.linesRead === 0 && this.done && this.ready.length === 0) {
      fileErrors.push('The file is empty: there are no rows to send.');
    }
    return {
      hasHeader: checker.hasHeader,
      columnsWords: checker.columns ? columnsInWords(checker.columns) : null,
      fileErrors,
      delimiter: delimiterName(this.delimiter ?? ','),
    };
  }

  /** The next rows (up to `max`), with what was read so far; `done` once the file is read. */
  async next(max: number): Promise<FileRowsBatch> {
    while (this.ready.length < max && !this.done) await this.readBlock();
    const rows = this.ready.length <= max ? this.ready : this.ready.slice(0, max);
    this.ready = this.ready.length <= max ? [] : this.ready.slice(max);
    const problems = this.problems;
    this.problems = [];
    return {
      rows,
      problems,
      problemsNotKept: this.problemsNotKept,
      bytesRead: this.bytes,
      done: this.done && this.ready.length === 0,
      error: this.error,
    };
  }

  /** Stops reading (the job was cancelled or replaced). */
  async cancel(): Promise<void> {
    this.done = true;
    await this.reader.cancel().catch(() => undefined);
  }

  private async readBlock(): Promise<void> {
    let block: CsvBlock | null = null;
    try {
      while (!block) {
        const { value, done } = await this.reader.read();
        if (done) {
          block = this.blocks.end();
          this.done = true;
          break;
        }
        block = this.blocks.push(value);
      }
    } catch (error) {
      // What was read before stays valid: its rows are sent; the rest of the file is not.
      this.done = true;
      this.error = readError(error, this.linesRead);
      this.take(this.checker.end());
      return;
    }
    if (block) this.parse(block);
    if (this.done) this.take(this.checker.end());
  }

  private parse(block: CsvBlock): void {
    this.delimiter ??= detectDelimiter(block.text);
    const parsed = Papa.parse<string[]>(block.text, {
      delimiter: this.delimiter,
      skipEmptyLines: 'greedy',
    });
    for (const problem of parsed.errors) {
      if (this.problems.length >= MAX_PROBLEMS) this.problemsNotKept += 1;
      else {
        this.problems.push({
          line: block.firstLine + lineOfRow(block.text, problem.row ?? 0),
          message: PROBLEM_WORDS[problem.code] ?? OTHER_PROBLEM,
        });
      }
    }
    this.linesRead = block.firstLine - 1 + countNewlines(block.text);
    this.take(this.checker.push(parsed.data));
  }

  private take(rows: BulkRow[]): void {
    for (const row of rows) if (row.rowNumber > this.skipThrough) this.ready.push(row);
  }
}

function readError(error: unknown, linesRead: number): string {
  if (error instanceof Error && error.name === 'UnclosedQuoteError') return error.message;
  if (error instanceof TypeError && linesRead === 0) {
    return 'The file is not UTF-8 text (a spreadsheet, or another encoding?): nothing was sent. Save it as CSV UTF-8.';
  }
  if (error instanceof TypeError) {
    return `The file is not UTF-8 text after line ${linesRead.toLocaleString('en')}: the rows before it are sent, the rest is not read. Save the file as CSV UTF-8.`;
  }
  const message = errorMessage(error);
  return `The file could not be read after line ${linesRead.toLocaleString('en')}: ${message}. The rows before it are sent.`;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** The 0-based line within a block of its `row`-th non-blank line (papaparse's row index). */
function lineOfRow(text: string, row: number): number {
  let line = 0;
  let seen = -1;
  for (let start = 0; start <= text.length;) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    if (text.slice(start, stop).trim() !== '') seen += 1;
    if (seen === row || end < 0) return line;
    line += 1;
    start = end + 1;
  }
  return line;
}
