/**
 * The Pretty view: the worker's pretty-printed text (short lines) in a window of rows, with XML
 * colours, line numbers, folding from the worker's fold index, search counted in the worker, and
 * go to line. The page holds the lines on screen and around them, never the whole text: the
 * worker keeps it and sends the lines asked for.
 */
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import { formatCount } from '../format-count.ts';
import { LineCache } from './lines/line-cache.ts';
import { LineFolds } from './lines/line-folds.ts';
import { LineWindow, type LineWindowHandle, type ScrollRequest } from './lines/line-window.tsx';
import { usePrettySearch, type MatchPlace } from './use-pretty-search.ts';
import { useGoToLine } from './use-go-to-line.ts';

const NO_FOLDS = new Int32Array(0);

/** The head's lines: the text up to its last line break (a last partial line waits for more). */
function headLines(text: string): string[] {
  const end = text.lastIndexOf('\n');
  return end === -1 ? (text ? [text] : []) : text.slice(0, end).split('\n');
}

/** The lines the window reads: the head alone, or the worker's whole text once analysed. */
function useLineCache(text: string, lineCount: number | null, client: ViewerWorkerClient | null) {
  const [version, setVersion] = useState(0);
  const head = useMemo(() => headLines(text), [text]);
  const whole = lineCount !== null && client !== null;
  const cache = useMemo(
    () =>
      new LineCache(whole ? client : null, whole ? lineCount : head.length, head, () =>
        setVersion((v) => v + 1),
      ),
    [whole, client, lineCount, head],
  );
  useEffect(() => () => cache.dispose(), [cache]);
  return { cache, version, whole };
}

/** Folds from the worker's index, reset when the index or the text changes. */
function useFolds(lineCount: number, foldEnd: Int32Array | null) {
  const initial = useMemo(
    () => new LineFolds(lineCount, foldEnd ?? NO_FOLDS),
    [lineCount, foldEnd],
  );
  // Changes made on one index; a new index starts from its own.
  const [changed, setChanged] = useState<{ from: LineFolds; folds: LineFolds } | null>(null);
  const folds = changed && changed.from === initial ? changed.folds : initial;
  const setFolds = useCallback(
    (next: LineFolds) => setChanged({ from: initial, folds: next }),
    [initial],
  );
  return [folds, setFolds] as const;
}

export default function PrettyView({
  text,
  lineCount,
  foldEnd,
  client,
  revealLine,
  receiving = false,
}: {
  /** The first lines, known before the worker's analysis (shown until its lines arrive). */
  text: string;
  /** The pretty text's line count once the worker has it; null before. */
  lineCount: number | null;
  /** Null until the whole text is known. */
  foldEnd: Int32Array | null;
  client: ViewerWorkerClient | null;
  revealLine: { line: number } | null;
  /**
   * The text is the first lines of a response still arriving: no toolbar (nothing typed into it
   * could survive the viewer that replaces it), and the state says so.
   */
  receiving?: boolean;
}) {
  const statusId = useId();
  const searchInputRef = useRef<HTMLInputElement>(null);
  const lineInputRef = useRef<HTMLInputElement>(null);
  const windowRef = useRef<LineWindowHandle>(null);
  const { cache, version, whole } = useLineCache(text, lineCount, client);
  const [folds, setFolds] = useFolds(cache.lineCount, whole ? foldEnd : null);
  const [activeLine, setActiveLine] = useState<number | null>(null);
  const [scrollTo, setScrollTo] = useState<ScrollRequest | null>(null);
  const loaded = whole && !receiving;

  /** Makes `line` the active line, unfolded and on screen. */
  const show = useCallback(
    (line: number, align: ScrollRequest['align']) => {
      setActiveLine(line);
      const revealed = folds.reveal(line);
      if (revealed !== folds) setFolds(revealed);
      setScrollTo({ line, align });
    },
    [folds, setFolds],
  );
  const showMatch = useCallback((place: MatchPlace) => show(place.line, 'center'), [show]);
  const focusLines = useCallback(() => windowRef.current?.focus(), []);
  const search = usePrettySearch(loaded ? client : null, activeLine ?? 0, showMatch, focusLines);
  const { lineError, onGoToLine } = useGoToLine(
    loaded ? cache.lineCount : null,
    revealLine,
    lineInputRef,
    (line) => {
      show(line, 'center');
      windowRef.current?.focus();
    },
    (line) => show(line, 'center'),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    const last = cache.lineCount - 1;
    const from = activeLine ?? 0;
    const move = (line: number) => {
      event.preventDefault();
      if (last < 0) return;
      show(Math.max(0, Math.min(last, line)), 'nearest');
    };
    // Moves count rows, not lines: a folded element is one row.
    const byRows = (rows: number) =>
      folds.lineOfRow(Math.max(0, Math.min(folds.rowCount - 1, folds.rowOfLine(from) + rows)));
    if (mod && !event.altKey && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      windowRef.current?.selectRows();
    } else if (mod && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      searchInputRef.current?.focus();
    } else if (event.altKey && event.key.toLowerCase() === 'g') {
      event.preventDefault();
      lineInputRef.current?.focus();
    } else if (event.key === 'F3') {
      event.preventDefault();
      search.step(event.shiftKey ? -1 : 1);
    } else if (mod && event.key === 'End') move(last);
    else if (mod && event.key === 'Home') move(0);
    else if (event.key === 'ArrowDown') move(byRows(1));
    else if (event.key === 'ArrowUp') move(byRows(-1));
    else if (event.key === 'PageDown') move(byRows(windowRef.current?.pageRows() ?? 20));
    else if (event.key === 'PageUp') move(byRows(-(windowRef.current?.pageRows() ?? 20)));
    else if (mod && event.altKey && (event.key === '[' || event.code === 'BracketLeft')) {
      event.preventDefault();
      setFolds(folds.foldAll());
    } else if (mod && event.altKey && (event.key === ']' || event.code === 'BracketRight')) {
      event.preventDefault();
      setFolds(folds.unfoldAll());
    } else if (mod && event.shiftKey && (event.key === '[' || event.key === '{')) {
      event.preventDefault();
      if (folds.canFold(from) && !folds.isFolded(from)) setFolds(folds.toggle(from));
    } else if (mod && event.shiftKey && (event.key === ']' || event.key === '}')) {
      event.preventDefault();
      if (folds.isFolded(from)) setFolds(folds.toggle(from));
    }
  };

  return (
    <div className="xv-pretty">
      {!receiving && (
        <div className="xv-toolbar">
          <label>
            Search{' '}
            <input
              ref={searchInputRef}
              type="search"
              value={search.query}
              onChange={(event) => search.setQuery(event.target.value)}
              onKeyDown={search.onSearchKey}
              aria-describedby={statusId}
            />
          </label>
          <span id={statusId} className="xv-match-status" aria-live="polite">
            {search.matchStatus}
          </span>
          <button type="button" onClick={() => search.step(-1)} disabled={search.total === 0}>
            Previous
          </button>
          <button type="button" onClick={() => search.step(1)} disabled={search.total === 0}>
            Next
          </button>
          <form onSubmit={onGoToLine} className="xv-goto">
            <label>
              Go to line <input ref={lineInputRef} type="number" min={1} inputMode="numeric" />
            </label>
            <button type="submit">Go</button>
            {lineError && (
              <span role="alert" className="xv-error">
                {lineError}
              </span>
            )}
          </form>
        </div>
      )}
      {/* One live region for the progressive state: it changes once, when every line is in. */}
      <p role="status" className="xv-muted xv-load-state">
        {receiving ? (
          <span className="xv-loading">
            Receiving the response: these are its first lines, not yet checked. The fields, search,
            folding and the other views follow once the whole answer is in.
          </span>
        ) : loaded ? (
          `All ${formatCount(cache.lineCount)} lines are in: search, folding and go to line are ready.`
        ) : (
          <span className="xv-loading">
            Pretty-printing the payload… Search, folding and go to line work once every line is in.
          </span>
        )}
      </p>
      <LineWindow
        ref={windowRef}
        measureOnMount={!receiving}
        onScrolled={client?.pageScrolling}
        cache={cache}
        version={version}
        folds={folds}
        onToggleFold={(line) => setFolds(folds.toggle(line))}
        activeLine={activeLine}
        onActivateLine={setActiveLine}
        search={search.marks}
        scrollTo={scrollTo}
        label="Pretty-printed DataStubs XML"
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
