/**
 * The Pretty view: a read-only CodeMirror 6 over the worker's pretty-printed text (short lines),
 * with XML highlighting, line numbers, folding from the worker's fold index, search counted in
 * the worker, and go to line. Loaded lazily with CodeMirror itself.
 */
import { useEffect, useId, useRef } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, lineNumbers } from '@codemirror/view';
import { codeFolding, foldGutter, syntaxHighlighting } from '@codemirror/language';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import { xmlHighlightStyle } from './xml-highlight-style.ts';
import { prettyTheme } from './pretty-theme.ts';
import { formatCount } from '../format-count.ts';
import { usePrettyEditor } from './use-pretty-editor.ts';
import { useStreamedText } from './use-streamed-text.ts';
import { useFoldIndex } from './use-fold-index.ts';
import { matchHighlighter, usePrettySearch } from './use-pretty-search.ts';
import { useGoToLine } from './use-go-to-line.ts';

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
  const searchInputRef = useRef<HTMLInputElement>(null);
  const lineInputRef = useRef<HTMLInputElement>(null);
  const stepRef = useRef<(delta: number) => void>(() => {});
  // The editor is created once, then the text streams into it; both before the browser paints,
  // so the viewer's first frame already shows the first lines. Searching and jumping wait until
  // the editor holds the whole text.
  const editor = usePrettyEditor(hostRef, { searchInputRef, lineInputRef, stepRef });
  const { loaded, lineCount } = useStreamedText(editor, text, complete);
  useFoldIndex(editor, foldEnd);
  const { query, setQuery, total, matchStatus, step, onSearchKey } = usePrettySearch(
    editor,
    client,
    loaded,
  );
  const { lineError, onGoToLine } = useGoToLine(editor, loaded, revealLine, lineInputRef);
  // F3 in the editor steps through the current search.
  useEffect(() => {
    stepRef.current = step;
  }, [step]);

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
