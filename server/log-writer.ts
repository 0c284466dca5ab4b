// Access log lines go out in batches: lines gathered for up to FLUSH_INTERVAL_MS (or until
// FLUSH_BYTES are pending) leave in one write. Writes to a pipe, as under systemd or docker, are
// synchronous system calls in Node, and each one wakes the reader: one per request would cost
// more than everything else the access log does. The batch is bytes, copied in as each line
// comes, not a string: a string of lines waiting up to 50 ms outlives the young generation's
// collections and is copied, then promoted, where each line's own string dies young.

/** How long a line may wait for others before it is written. */
export const FLUSH_INTERVAL_MS = 50;
/** Pending bytes that are written at once, without waiting for the interval. */
export const FLUSH_BYTES = 64 * 1024;
/** The most bytes a UTF-16 code unit takes in UTF-8. */
const MAX_BYTES_PER_UNIT = 3;

export interface LogWriter {
  (line: string): void;
  /** Writes whatever is pending now (before exit). */
  flush(): void;
}

/**
 * `write` receives each batch as UTF-8 and owns it: the next batch goes to a new buffer.
 * @example const log = batchedWriter((bytes) => process.stdout.write(bytes)); log('{"a":1}\n');
 */
export function batchedWriter(
  write: (bytes: Uint8Array) => void,
  intervalMs = FLUSH_INTERVAL_MS,
): LogWriter {
  let batch = Buffer.allocUnsafe(FLUSH_BYTES);
  let used = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = (): void => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (used === 0) return;
    const bytes = batch.subarray(0, used);
    batch = Buffer.allocUnsafe(FLUSH_BYTES);
    used = 0;
    write(bytes);
  };
  const log = (line: string): void => {
    const room = FLUSH_BYTES - used;
    // Counted only near the batch's end: a line that does not fit goes into the next batch, and
    // one longer than a whole batch leaves on its own.
    if (line.length * MAX_BYTES_PER_UNIT > room) {
      const size = Buffer.byteLength(line);
      if (size > room) {
        flush();
        if (size > FLUSH_BYTES) {
          write(Buffer.from(line));
          return;
        }
      }
    }
    used += batch.write(line, used);
    if (used === FLUSH_BYTES) flush();
    else if (timer === null) timer = setTimeout(flush, intervalMs);
  };
  return Object.assign(log, { flush });
}
