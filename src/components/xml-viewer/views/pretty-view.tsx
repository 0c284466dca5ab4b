/**
 * The Pretty view: a read-only CodeMirror 6 over the worker's pretty-printed text (short lines),
 * with XML highlighting, line numbers, folding from the worker's fold index, search counted in
 * the worker, and go to line. Loaded lazily with CodeMirror itself.
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Compartment, EditorSelection, EditorState, type Extension } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  MatchDecorator,
  ViewPlugin,
  drawSelection,
  highlightActiveLine,
  keymap,
  lineNumbers,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';
import {
  codeFolding,
  foldGutter,
  foldKeymap,
  foldService,
  syntaxHighlighting,
} from '@codemirror/language';
import { defaultKeymap } from '@codemirror/commands';
import { xmlLanguage } from '@codemirror/lang-xml';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import type { SearchResult } from '../../../workers/viewer/viewer-worker-protocol.ts';
import { searchPattern } from '../../../workers/viewer/search-text.ts';
import { FIRST_SCREEN_CHARS, lineChunks } from './line-chunks.ts';
import { xmlHighlightStyle } from './xml-highlight-style.ts';
import { prettyTheme } from './pretty-theme.ts';
import { formatCount } from '../format-count.ts';

/**
 * Small enough that appending one stays a short task for the page: 200,000 characters took 53-68
 * ms per append at 10 MB in the production build; 80,000 keep every append under 50 ms, for
 * about 300 ms more until the last line of 10 MB is in.
 */
const CHUNK_CHARS = 80_000;

function foldFromIndex(foldEnd: Int32Array): Extension {
  return foldService.of((state, lineStart) => {
    const line = state.doc.lineAt(lineStart);
    const endLineIndex = foldEnd[line.number - 1] ?? -1;
    if (endLineIndex < 0 || endLineIndex + 1 > state.doc.lines) return null;
    const closing = state.doc.line(endLineIndex + 1);
    // Fold up to the closing tag, so a folded element reads <Stub ...>…</Stub>.
    const indent = /^\s*/.exec(closing.text)?.[0].length ?? 0;
    return { from: line.to, to: closing.from + indent };
  });
}

const matchMark = Decoration.mark({ class: 'xv-search-match' });

function matchHighlighter(query: string): Extension {
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

/**
 * Builds a small editor off screen once and throws it away, when the page is idle: the first
 * editor on a page otherwise spends 100 ms or more in CodeMirror code running for the first
 * time (compiling, first style and layout), and that was on the path to a payload's first lines.
 *
 * @param later runs the next step at an idle moment (the editor's creation and its first
 *   append are apart)
 * @example warmUpEditor(requestIdleCallback) // once, after the view's code has loaded
 */
export function warmUpEditor(later: (step: () => void) => void): void {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  Object.assign(host.style, {
    position: 'fixed',
    left: '-10000px',
    top: '0',
    width: '600px',
    height: '300px',
    overflow: 'hidden',
    visibility: 'hidden',
  });
  document.body.append(host);
  const line = '  <Stub id="1">\n    <Title>warm-up</Title>\n  </Stub>\n';
  const extensions = [
    EditorState.readOnly.of(true),
    prettyTheme,
    lineNumbers(),
    codeFolding(),
    foldGutter(),
    syntaxHighlighting(xmlHighlightStyle),
    drawSelection(),
    highlightActiveLine(),
    matchHighlighter('Stub'),
  ];
  const view = new EditorView({ parent: host });
  view.setState(
    EditorState.create({ doc: `<AssetStubs>\n${line.repeat(100)}</AssetStubs>`, extensions }),
  );
  later(() => {
    view.dispatch({ changes: { from: view.state.doc.length, insert: `\n${line.repeat(100)}` } });
    requestAnimationFrame(() => {
      view.destroy();
      host.remove();
    });
  });
}

export default function PrettyView({
  text,
  complete,
  foldEnd,
  client,
  revealLine,
  receiving = false,
}: {
  /** The pretty text so far; it only grows while `complete` is false. */
  text: string;
  complete: boolean;
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
  const hostRef = useRef<HTMLDivElement>(null);
  const statusId = useId();
  const viewRef = useRef<EditorView | null>(null);
  const extensionsRef = useRef<Extension[]>([]);
  const highlightRef = useRef(new Compartment());
  const foldRef = useRef(new Compartment());
  const languageRef = useRef(new Compartment());
  /** How many characters of the text the editor holds, and the text they were taken from. */
  const shownRef = useRef(0);
  const shownFromRef = useRef('');
  const searchInputRef = useRef<HTMLInputElement>(null);
  const lineInputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<{ query: string; result: SearchResult } | null>(null);
  const [current, setCurrent] = useState(-1);
  const [lineError, setLineError] = useState('');
  // Which text the editor holds completely; searching and jumping wait for it.
  const [loadedText, setLoadedText] = useState<string | null>(null);
  const loaded = complete && loadedText === text;
  const [lineCount, setLineCount] = useState(0);

  const selectRange = useCallback((from: number, to: number) => {
    const view = viewRef.current;
    if (!view) return;
    view.dispatch({
      selection: EditorSelection.single(from, to),
      effects: EditorView.scrollIntoView(from, { y: 'center' }),
    });
  }, []);

  const goToMatch = useCallback(
    (result: SearchResult, at: number) => {
      const count = result.positions.length;
      if (count === 0) return;
      const wrapped = ((at % count) + count) % count;
      setCurrent(wrapped);
      const from = result.positions[wrapped] ?? 0;
      selectRange(from, from + result.length);
    },
    [selectRange],
  );

  const step = useCallback(
    (delta: number) => {
      if (search) goToMatch(search.result, current + delta);
    },
    [search, current, goToMatch],
  );
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  }, [step]);

  // The editor is created once; the text streams into it (see the next effect). Both run before
  // the browser paints, so the viewer's first frame already shows the first lines.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: '',
        extensions: (extensionsRef.current = [
          EditorState.readOnly.of(true),
          EditorView.contentAttributes.of({
            'aria-label': 'Pretty-printed DataStubs XML',
            'aria-readonly': 'true',
            // An explicit tab stop: axe (and some assistive tech) do not count a bare
            // contenteditable as focusable, which leaves the scroller without keyboard access.
            tabindex: '0',
          }),
          prettyTheme,
          lineNumbers(),
          codeFolding(),
          foldGutter(),
          foldRef.current.of([]),
          languageRef.current.of([]),
          syntaxHighlighting(xmlHighlightStyle),
          drawSelection(),
          highlightActiveLine(),
          highlightRef.current.of([]),
          keymap.of([
            { key: 'Mod-f', run: () => (searchInputRef.current?.focus(), true) },
            { key: 'Alt-g', run: () => (lineInputRef.current?.focus(), true) },
            { key: 'Mod-Alt-g', run: () => (lineInputRef.current?.focus(), true) },
            {
              key: 'F3',
              run: () => (stepRef.current(1), true),
              shift: () => (stepRef.current(-1), true),
            },
            ...foldKeymap,
            ...defaultKeymap,
          ]),
        ]),
      }),
    });
    viewRef.current = view;
    shownRef.current = 0;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  // The text only grows (the page's first screen, the worker's first lines, then the whole text):
  // the first screenful is added now, the rest one chunk per task, so no task builds a
  // 200,000-line document at once.
  useLayoutEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    // Without the final line break, so the editor's last line is the document's last line.
    const body = text.endsWith('\n') ? text.slice(0, -1) : text;
    // A text that does not continue what the editor holds starts it over (never expected: every
    // stage is a prefix of the next, but the editor must never show a mix of two texts).
    const shown = shownRef.current;
    if (shown > body.length || !body.startsWith(shownFromRef.current.slice(0, shown))) {
      shownRef.current = 0;
    }
    shownFromRef.current = body;
    const from = shownRef.current;
    const chunks = lineChunks(
      body.slice(from),
      from === 0 ? FIRST_SCREEN_CHARS : CHUNK_CHARS,
      CHUNK_CHARS,
    );
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const appendNext = () => {
      const chunk = chunks[next++];
      if (!chunk || chunk[1] === chunk[0]) {
        if (complete) {
          // Set together, so the live region changes once.
          setLineCount(view.state.doc.lines);
          setLoadedText(text);
        }
        return;
      }
      const insert = body.slice(from + chunk[0], from + chunk[1]);
      if (from + chunk[0] === 0) {
        // The first lines start a new state rather than an insert into the empty one: CodeMirror
        // then computes a fresh viewport (the first screenful). An insert would grow the empty
        // document's viewport with it, and while the editor is scrolled out of the window,
        // CodeMirror keeps that viewport, so every appended line would be rendered to the DOM.
        view.setState(EditorState.create({ doc: insert, extensions: extensionsRef.current }));
      } else {
        view.dispatch({ changes: { from: view.state.doc.length, insert } });
      }
      shownRef.current = from + chunk[1];
      timer = setTimeout(appendNext, 0);
    };
    appendNext();
    return () => clearTimeout(timer);
  }, [text, complete]);

  useEffect(() => {
    if (foldEnd)
      viewRef.current?.dispatch({ effects: foldRef.current.reconfigure(foldFromIndex(foldEnd)) });
  }, [foldEnd]);

  // Highlighting starts once every line is in: with the parser attached, each appended chunk
  // would make CodeMirror re-parse on the main thread.
  useEffect(() => {
    const view = viewRef.current;
    if (!loaded || !view) return;
    view.dispatch({ effects: languageRef.current.reconfigure(xmlLanguage) });
  }, [loaded]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || !revealLine || !loaded) return;
    const line = view.state.doc.line(
      Math.min(Math.max(revealLine.line + 1, 1), view.state.doc.lines),
    );
    selectRange(line.from, line.from);
  }, [revealLine, selectRange, loaded]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: highlightRef.current.reconfigure(matchHighlighter(search?.query ?? '')),
    });
  }, [search]);

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
  }, [query, client, goToMatch, loaded]);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      step(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      viewRef.current?.focus();
    }
  };

  const onGoToLine = (event: FormEvent) => {
    event.preventDefault();
    const view = viewRef.current;
    if (!loaded) {
      setLineError('The lines are still loading; try again in a moment.');
      return;
    }
    const wanted = Number(lineInputRef.current?.value);
    if (!view || !Number.isInteger(wanted) || wanted < 1 || wanted > view.state.doc.lines) {
      setLineError(`Enter a line from 1 to ${formatCount(view?.state.doc.lines ?? 1)}.`);
      return;
    }
    setLineError('');
    const line = view.state.doc.line(wanted);
    selectRange(line.from, line.from);
    view.focus();
  };

  const total = search?.result.total ?? 0;
  const matchStatus = !search
    ? ''
    : total === 0
      ? 'No matches'
      : `${formatCount(current + 1)} of ${formatCount(total)}${
          total > search.result.positions.length ? ' (first million reachable)' : ''
        }`;

  return (
    <div className="xv-pretty">
      {!receiving && (
        <div className="xv-toolbar">
          <label>
            Search{' '}
            <input
              ref={searchInputRef}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onSearchKey}
              aria-describedby={statusId}
            />
          </label>
          <span id={statusId} className="xv-match-status" aria-live="polite">
            {matchStatus}
          </span>
          <button type="button" onClick={() => step(-1)} disabled={total === 0}>
            Previous
          </button>
          <button type="button" onClick={() => step(1)} disabled={total === 0}>
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
          `All ${formatCount(lineCount)} lines are in: search, folding and go to line are ready.`
        ) : (
          <span className="xv-loading">
            Loading lines into the editor… Search, folding and go to line work once every line is
            in.
          </span>
        )}
      </p>
      <div ref={hostRef} className="xv-editor" />
    </div>
  );
}
