import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { formatCount } from '../format-count.ts';

/** Visual rows are cut at this many characters so that a 10 MB one-line body stays scrollable. */
const ROW_CHARS = 1000;
const ROW_HEIGHT = 20;

interface RawRows {
  /** Start offset of each visual row. */
  starts: Int32Array;
  /** Source line number (1-based) of each visual row, or 0 for a continuation. */
  lineNumbers: Int32Array;
}

/** Splits text into visual rows: at each line break, and every ROW_CHARS inside long lines. */
export function rawRows(text: string, rowChars = ROW_CHARS): RawRows {
  const starts: number[] = [];
  const lineNumbers: number[] = [];
  let line = 1;
  let pos = 0;
  for (;;) {
    const lineEnd = text.indexOf('\n', pos);
    const end = lineEnd === -1 ? text.length : lineEnd;
    let chunk = pos;
    do {
      starts.push(chunk);
      lineNumbers.push(chunk === pos ? line : 0);
      chunk += rowChars;
    } while (chunk < end);
    if (lineEnd === -1) break;
    pos = lineEnd + 1;
    line += 1;
  }
  return { starts: Int32Array.from(starts), lineNumbers: Int32Array.from(lineNumbers) };
}

/** Exactly what was received, as text, virtualized; long lines wrap at fixed points (marked ↪). */
export function RawView({ text, isWholeBody }: { text: string; isWholeBody: boolean }) {
  const rows = useMemo(() => rawRows(text), [text]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer is mutable by design and this component does not rely on compiler memoization.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.starts.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const rowText = (row: number) => {
    const start = rows.starts[row] ?? 0;
    const next = rows.starts[row + 1];
    const end = next === undefined ? text.length : Math.min(next, start + ROW_CHARS);
    return text.slice(start, end).replace(/\n$/, '');
  };
  return (
    <div className="xv-raw">
      <p className="xv-muted">
        {isWholeBody
          ? 'The whole response body, exactly as received.'
          : 'The DataStubs payload as received.'}{' '}
        Lines longer than {formatCount(ROW_CHARS)} characters continue on rows marked ↪; copy and
        download give the exact text.
      </p>
      <div
        ref={scrollRef}
        className="xv-raw-scroll"
        tabIndex={0}
        role="region"
        aria-label={isWholeBody ? 'Raw response body' : 'Raw payload'}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const lineNumber = rows.lineNumbers[item.index] ?? 0;
            return (
              <div
                key={item.key}
                className="xv-raw-row"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                <span className="xv-gutter" aria-hidden="true">
                  {lineNumber > 0 ? lineNumber : '↪'}
                </span>
                <span className="xv-raw-text">{rowText(item.index)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
