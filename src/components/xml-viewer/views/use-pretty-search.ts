import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import type { SearchResult } from '../../../workers/viewer/viewer-worker-protocol.ts';
import { searchPattern } from '../../../workers/viewer/search-text.ts';
import { formatCount } from '../format-count.ts';

/** Where a match is in the pretty text. */
export interface MatchPlace {
  line: number;
  column: number;
}

export interface PrettySearch {
  query: string;
  setQuery(query: string): void;
  /** How many matches the worker counted (0 without a search). */
  total: number;
  /** 'No matches', '3 of 12', or '' without a search. */
  matchStatus: string;
  /** The pattern the window marks matches with, and the current match; null without a search. */
  marks: { pattern: RegExp; current: MatchPlace | null } | null;
  /** Selects the match `delta` after the current one, wrapping around. */
  step(delta: number): void;
  /** The search box's keys: Enter and Shift-Enter step, Escape goes back to the lines. */
  onSearchKey(event: KeyboardEvent<HTMLInputElement>): void;
}

/**
 * Search counted in the worker once the analysis is in: the first match at or after the active
 * line is current, and each current match is shown (`onShow`), the others marked in the window.
 *
 * @param fromLine the line a new search starts from (the active line)
 * @param onShow brings a match's line on screen
 * @param onEscape the search box's Escape
 */
export function usePrettySearch(
  client: ViewerWorkerClient | null,
  fromLine: number,
  onShow: (place: MatchPlace) => void,
  onEscape: () => void,
): PrettySearch {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<{ query: string; result: SearchResult } | null>(null);
  const [current, setCurrent] = useState(-1);

  const goToMatch = useCallback(
    (result: SearchResult, at: number) => {
      const count = result.positions.length;
      if (count === 0) return;
      const wrapped = ((at % count) + count) % count;
      setCurrent(wrapped);
      onShow({ line: result.lines[wrapped] ?? 0, column: result.columns[wrapped] ?? 0 });
    },
    [onShow],
  );

  const step = useCallback(
    (delta: number) => {
      if (search) goToMatch(search.result, current + delta);
    },
    [search, current, goToMatch],
  );

  // A new query (or a new payload) searches again from the line active when it was typed; moving
  // the active line does not search again.
  const startLineRef = useRef(fromLine);
  // A layout effect: the query leaves before the browser paints the typed character, a frame
  // sooner than an effect would send it.
  useLayoutEffect(() => {
    if (!client) return;
    let cancelled = false;
    // No typing debounce: the client keeps one search in flight and drops the ones typed over.
    void client.search(query).then((result) => {
      if (cancelled) return;
      setSearch(query ? { query, result } : null);
      const next = result.lines.findIndex((line) => line >= startLineRef.current);
      if (result.positions.length > 0) goToMatch(result, next === -1 ? 0 : next);
      else setCurrent(-1);
    });
    return () => {
      cancelled = true;
    };
    // goToMatch changes with onShow; a search runs for a new query or client only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, client]);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      step(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      onEscape();
    }
  };

  const total = search?.result.total ?? 0;
  const matchStatus = !search
    ? ''
    : total === 0
      ? 'No matches'
      : `${formatCount(current + 1)} of ${formatCount(total)}${
          total > search.result.positions.length ? ' (first million reachable)' : ''
        }`;
  const marks = useMemo(
    () =>
      search && {
        pattern: searchPattern(search.query),
        current:
          current >= 0
            ? {
                line: search.result.lines[current] ?? 0,
                column: search.result.columns[current] ?? 0,
              }
            : null,
      },
    [search, current],
  );

  return {
    query,
    setQuery: (next: string) => {
      startLineRef.current = fromLine;
      setQuery(next);
    },
    total,
    matchStatus,
    marks,
    step,
    onSearchKey,
  };
}
