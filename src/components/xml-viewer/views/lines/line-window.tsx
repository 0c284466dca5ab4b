/**
 * The pretty text as a window of rows: only the rows on screen (and a few around them) are in the
 * DOM, their text fetched from the worker through a LineCache, so paint cost and the page's memory
 * stay the same at 1 MB and at 250 MB. Rows have one fixed height; folds, the active line and
 * search matches come from the Pretty view.
 */
import {
  memo,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import type { LineCache } from './line-cache.ts';
import type { LineFolds } from './line-folds.ts';
import { lineMatches, lineSegments, type MatchState } from './line-segments.ts';
import { xmlLineTokens } from './xml-line-tokens.ts';
import { useRowWindow } from '../../../virtual-rows/use-row-window.ts';

/** Matches xml-viewer.css's `.xv-line` height. */
export const ROW_HEIGHT = 20;
const OVERSCAN = 10;
/** The widest gutter xml-viewer.css has a class for (.xv-gutter-1 to .xv-gutter-10). */
const MAX_GUTTER_DIGITS = 10;
/** Matches xml-viewer.css's `.xv-lines` height (70vh). */
const VIEWPORT_SHARE = 0.7;

/** A line to bring into view; a new object asks again for the same line. */
export interface ScrollRequest {
  line: number;
  align: 'start' | 'center' | 'nearest';
}

export interface LineWindowHandle {
  /** Rows that fit on screen: how far Page Up and Page Down move. */
  pageRows(): number;
  focus(): void;
  /** Selects the text of the rows in the page (Ctrl+A), not the whole page's. */
  selectRows(): void;
}

export interface LineWindowProps {
  cache: LineCache;
  /** Changes when lines arrive in the cache: the rows re-render. */
  version: number;
  folds: LineFolds;
  onToggleFold(line: number): void;
  activeLine: number | null;
  onActivateLine(line: number): void;
  /** The search's pattern (global), and the current match's place. */
  search: { pattern: RegExp; current: { line: number; column: number } | null } | null;
  /** Scrolled to once the rows reflect the folds given with it (its row, or its fold's row). */
  scrollTo: ScrollRequest | null;
  label: string;
  describedBy?: string;
  onKeyDown?(event: KeyboardEvent<HTMLDivElement>): void;
  /**
   * Reads the scroller's height as it mounts (a layout in the mount's task) instead of expecting
   * it until the ResizeObserver reports. For a view mounted with a large page around it (the
   * viewer's result): the layout then runs in the commit and the paint in the next frame, two
   * tasks rather than one; without it the viewer's longest loading task at 10 MB was 117–221 ms
   * against 74–88 ms (docs/performance.md, "The head's first screen in slices").
   */
  measureOnMount?: boolean;
  /** Told of each scroll event (see useRowWindow). */
  onScrolled?: (() => void) | undefined;
  ref?: Ref<LineWindowHandle>;
}

const MARK_CLASS: Record<MatchState, string> = {
  0: '',
  1: ' xv-search-match',
  2: ' xv-search-match xv-search-current',
};

/** Memoized: a row whose text and marks did not change is not coloured again on a re-render. */
const LineText = memo(function LineText({
  text,
  pattern,
  currentColumn,
}: {
  text: string;
  pattern: RegExp | null;
  currentColumn: number | null;
}): ReactNode {
  const segments = lineSegments(xmlLineTokens(text), lineMatches(text, pattern, currentColumn));
  return segments.map((segment) => (
    <span key={segment.from} className={`xv-t-${segment.kind}${MARK_CLASS[segment.match]}`}>
      {text.slice(segment.from, segment.to)}
    </span>
  ));
});

export function LineWindow({
  cache,
  version,
  folds,
  onToggleFold,
  activeLine,
  onActivateLine,
  search,
  scrollTo,
  label,
  describedBy,
  onKeyDown,
  measureOnMount = false,
  onScrolled,
  ref,
}: LineWindowProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { layout, geometryRef, scrollToRow } = useRowWindow(scrollRef, folds.rowCount, ROW_HEIGHT, {
    viewportShare: VIEWPORT_SHARE,
    overscan: OVERSCAN,
    measureOnMount,
    onScrolled,
  });
  const foldsRef = useRef(folds);
  useLayoutEffect(() => {
    foldsRef.current = folds;
  });

  // A line scrolled to is also brought into the page's view once its row is rendered: the
  // window may be partly below the fold.
  const revealRef = useRef<number | null>(null);
  useLayoutEffect(() => {
    const line = revealRef.current;
    if (line === null) return;
    const row = scrollRef.current?.querySelector(`[data-line="${line + 1}"]`);
    if (!row) return;
    revealRef.current = null;
    // Optional: jsdom has no layout and no scrollIntoView.
    row.scrollIntoView?.({ block: 'nearest' });
  });

  // Applied after the render that carries the request's folds, so the row is where it will be.
  useLayoutEffect(() => {
    if (!scrollRef.current || !scrollTo) return;
    const folds = foldsRef.current;
    const row = folds.rowOfLine(scrollTo.line);
    // Rendered now rather than on the scroll event's frame: what asked sees the line.
    scrollToRow(row, scrollTo.align);
    revealRef.current = folds.lineOfRow(row);
    // scrollToRow is stable: the request alone moves the window.
  }, [scrollTo, scrollToRow]);

  useImperativeHandle(
    ref,
    () => ({
      pageRows: () => Math.max(1, Math.floor(geometryRef.current.viewportHeight / ROW_HEIGHT) - 1),
      focus: () => scrollRef.current?.focus(),
      selectRows() {
        const rows = scrollRef.current?.querySelector('.xv-lines-window');
        const selection = window.getSelection();
        if (!rows || !selection) return;
        const range = document.createRange();
        range.selectNodeContents(rows);
        selection.removeAllRanges();
        selection.addRange(range);
      },
    }),
    [geometryRef],
  );

  const rows: Array<{ line: number; foldedEnd: number | null }> = [];
  for (let row = layout.firstRow; row < layout.firstRow + layout.rowCount; row++) {
    const line = folds.lineOfRow(row);
    rows.push({ line, foldedEnd: folds.foldedEndAt(line) });
  }
  const wanted = rows.flatMap(({ line, foldedEnd }) =>
    foldedEnd === null ? [line] : [line, foldedEnd],
  );
  const wantedKey = wanted.join(',');
  useEffect(() => {
    cache.want(wantedKey === '' ? [] : wantedKey.split(',').map(Number));
  }, [cache, wantedKey, version]);

  const digits = String(Math.max(1, cache.lineCount)).length;
  const pattern = search?.pattern ?? null;
  const current = search?.current ?? null;
  return (
    <div
      ref={scrollRef}
      // The gutter's width as a class: a change of it restyles the line numbers alone, where an
      // inherited custom property restyled every element of every row.
      className={`xv-lines xv-gutter-${Math.min(digits, MAX_GUTTER_DIGITS)}`}
      role="region"
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="xv-lines-spacer" style={{ height: layout.spacerHeight }}>
        <div className="xv-lines-window" style={{ transform: `translateY(${layout.top}px)` }}>
          {rows.map(({ line, foldedEnd }) => {
            const text = cache.line(line);
            const canFold = folds.canFold(line);
            const folded = foldedEnd !== null;
            const number = line + 1;
            return (
              <div
                key={line}
                className={`xv-line${line === activeLine ? ' xv-active-line' : ''}${
                  text === undefined ? ' xv-line-pending' : ''
                }`}
                data-line={number}
                onMouseDown={() => onActivateLine(line)}
              >
                <span className="xv-line-gutter" aria-hidden="true">
                  <span className="xv-line-number">{number}</span>
                  <span className="xv-fold-marker">
                    {canFold && (
                      <button
                        type="button"
                        tabIndex={-1}
                        title={folded ? 'Unfold' : 'Fold'}
                        onMouseDown={(event) => event.stopPropagation()}
                        onClick={() => onToggleFold(line)}
                      >
                        {folded ? '▸' : '▾'}
                      </button>
                    )}
                  </span>
                </span>
                <span className="xv-line-text">
                  {text !== undefined && (
                    <LineText
                      text={text}
                      pattern={pattern}
                      currentColumn={current?.line === line ? current.column : null}
                    />
                  )}
                  {folded && (
                    <>
                      <button
                        type="button"
                        className="xv-fold-placeholder"
                        tabIndex={-1}
                        title={`Unfold lines ${number + 1}–${foldedEnd + 1}`}
                        onMouseDown={(event) => event.stopPropagation()}
                        onClick={() => onToggleFold(line)}
                      >
                        …
                      </button>
                      <LineText
                        text={(cache.line(foldedEnd) ?? '').trimStart()}
                        pattern={null}
                        currentColumn={null}
                      />
                    </>
                  )}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
