import { useVirtualizer } from '@tanstack/react-virtual';
import { sizedAfterLayout } from '../virtual-rows/rect-after-layout.ts';
import { useMemo, useRef } from 'react';
import { ROW_CHARS, wrappedRowText, wrappedRows } from './wrapped-rows.ts';
import './wrapped-text.css';

/** Matches wrapped-text.css's row height. */
const ROW_HEIGHT = 20;

export interface WrappedTextProps {
  text: string;
  /** The scrolling region's accessible name. */
  label: string;
  /**
   * The region's height in rows, shrunk to fit a shorter text. Without it the region takes its
   * height from `className`, 65 % of the window's as the viewer's scrollers have.
   */
  maxRows?: number;
  className?: string;
}

/**
 * Text as it is, in a scrolling region of virtual rows: only the rows on screen are in the page,
 * so a million characters lay out as fast as a hundred. Long lines continue on rows marked ↪;
 * line numbers and marks are drawn by CSS, so selecting and copying rows gives only the text.
 */
export function WrappedText({ text, label, maxRows, className }: WrappedTextProps) {
  const rows = useMemo(() => wrappedRows(text), [text]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = rows.starts.length;
  // The border's two pixels, and room for a horizontal scrollbar under a long row.
  const height = maxRows === undefined ? undefined : Math.min(count, maxRows) * ROW_HEIGHT + 18;
  // The virtualizer is mutable by design and this component does not rely on compiler memoization.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    ...sizedAfterLayout(height === undefined ? { share: 0.65 } : { pixels: height }),
  });
  const digits = String(rows.lineNumbers[count - 1] || count).length;
  return (
    <div
      ref={scrollRef}
      className={`wrapped-text${className ? ` ${className}` : ''}`}
      style={{ height, ['--wrapped-text-digits' as string]: Math.max(digits, 2) }}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const lineNumber = rows.lineNumbers[item.index] ?? 0;
          return (
            <div
              key={item.key}
              className="wrapped-text-row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <span
                className="wrapped-text-gutter"
                data-line={lineNumber > 0 ? lineNumber : '↪'}
                aria-hidden="true"
              />
              <span className="wrapped-text-row-text">
                {wrappedRowText(text, rows, item.index, ROW_CHARS)}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
