// Access log lines go out in batches: lines gathered for up to FLUSH_INTERVAL_MS (or until
// FLUSH_BYTES are pending) leave in one write. Writes to a pipe, as under systemd or docker, are
// synchronous system calls in Node, and each one wakes the reader: one per request would cost
// more than everything else the access log does.

/** How long a line may wait for others before it is written. */
export const FLUSH_INTERVAL_MS = 50;
/** Pending text that is written at once, without waiting for the interval. */
export const FLUSH_BYTES = 64 * 1024;

export interface LogWriter {
  (line: string): void;
  /** Writes whatever is pending now (before exit). */
  flush(): void;
}

/**
 * @example const log = batchedWriter((text) => process.stdout.write(text)); log('{"a":1}\n');
 */
export function batchedWriter(
  write: (text: string) => void,
  intervalMs = FLUSH_INTERVAL_MS,
): LogWriter {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = (): void => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  const log = (line: string): void => {
    pending += line;
    if (pending.length >= FLUSH_BYTES) flush();
    else if (timer === null) timer = setTimeout(flush, intervalMs);
  };
  return Object.assign(log, { flush });
}
