// Access log lines go out in batches: one write per event-loop turn instead of one per request
// (writes to a pipe, as under systemd or docker, are synchronous system calls in Node).

export interface LogWriter {
  (line: string): void;
  /** Writes whatever is pending now (before exit). */
  flush(): void;
}

/**
 * @example const log = batchedWriter((text) => process.stdout.write(text)); log('{"a":1}\n');
 */
export function batchedWriter(write: (text: string) => void): LogWriter {
  let pending = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  const log = (line: string): void => {
    pending += line;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return Object.assign(log, { flush });
}
