import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import type { Extension } from '@codemirror/state';
import {
  Decoration,
  MatchDecorator,
  ViewPlugin,
  type DecorationSet,
  type EditorView,
  type ViewUpdate,
} from '@codemirror/view';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import type { SearchResult } from '../../../workers/viewer/viewer-worker-protocol.ts';
import { searchPattern } from '../../../workers/viewer/search-text.ts';
import { formatCount } from '../format-count.ts';
import { selectRange, type PrettyEditor } from './use-pretty-editor.ts';

export interface PrettySearch {
  query: string;
  setQuery(query: string): void;
  /** How many matches the worker counted (0 without a search). */
  total: number;
  /** 'No matches', '3 of 12', or '' without a search. */
  matchStatus: string;
  /** Selects the match `delta` after the current one, wrapping around. */
  step(delta: number): void;
  /** The search box's keys: Enter and Shift-Enter step, Escape goes back to the editor. */
  onSearchKey(event: KeyboardEvent<HTMLInputElement>): void;
}

/**
 * Search counted in the worker once every line is in: the first match at or after the cursor is
 * selected, the others are marked in the editor.
 */
export function usePrettySearch(
  editor: PrettyEditor,
  client: ViewerWorkerClient | null,
  loaded: boolean,
): PrettySearch {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<{ query: string; result: SearchResult } | null>(null);
  const [current, setCurrent] = useState(-1);
  const { viewRef, matches } = editor;

  const goToMatch = useCallback(
    (result: SearchResult, at: number) => {
      const count = result.positions.length;
      if (count === 0) return;
      const wrapped = ((at % count) + count) % count;
      setCurrent(wrapped);
      const from = result.positions[wrapped] ?? 0;
      selectRange(viewRef.current, from, from + result.length);
    },
    [viewRef],
  );

  const step = useCallback(
    (delta: number) => {
      if (search) goToMatch(search.result, current + delta);
    },
    [search, current, goToMatch],
  );

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: matches.reconfigure(matchHighlighter(search?.query ?? '')),
    });
  }, [viewRef, matches, search]);

  useEffect(() => {
    if (!client || !loaded) return;
    let cancelled = false;
    // No typing debounce: the client keeps one search in flight and drops the ones typed over.
    void client.search(query).then((result) => {
      if (cancelled) return;
      setSearch(query ? { query, result } : null);
      const head = viewRef.current?.state.selection.main.from ?? 0;
      const next = result.positions.findIndex((p) => p >= head);
      if (result.positions.length > 0) goToMatch(result, next === -1 ? 0 : next);
      else setCurrent(-1);
    });
    return () => {
      cancelled = true;
    };
  }, [viewRef, query, client, goToMatch, loaded]);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      step(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      viewRef.current?.focus();
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

  return { query, setQuery, total, matchStatus, step, onSearchKey };
}

const matchMark = Decoration.mark({ class: 'xv-search-match' });

/** Marks every match of `query` in the visible lines; nothing for an empty query. */
export function matchHighlighter(query: string): Extension {
  if (!query) return [];
  const decorator = new MatchDecorator({
    regexp: searchPattern(query),
    decoration: matchMark,
  });
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = decorator.createDeco(view);
      }
      update(update: ViewUpdate) {
        this.decorations = decorator.updateDeco(update, this.decorations);
      }
    },
    { decorations: (plugin) => plugin.decorations },
  );
}
