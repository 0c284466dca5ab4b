import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { xmlLanguage } from '@codemirror/lang-xml';
import { FIRST_SCREEN_CHARS, lineChunks } from './line-chunks.ts';
import type { PrettyEditor } from './use-pretty-editor.ts';

/**
 * Small enough that appending one stays a short task for the page: 200,000 characters took 53-68
 * ms per append at 10 MB in the production build; 80,000 keep every append under 50 ms, for
 * about 300 ms more until the last line of 10 MB is in.
 */
const CHUNK_CHARS = 80_000;

export interface StreamedText {
  /** The editor holds the whole of a complete text: searching and jumping may start. */
  loaded: boolean;
  /** The editor's line count once loaded (0 before). */
  lineCount: number;
}

/**
 * Streams `text` into the editor: the text only grows (the page's first screen, the worker's
 * first lines, then the whole text); the first screenful is added before the browser paints, the
 * rest one chunk per task, so no task builds a 200,000-line document at once. The XML language
 * is attached once every line is in: with the parser attached, each appended chunk would make
 * CodeMirror re-parse on the main thread.
 */
export function useStreamedText(
  editor: PrettyEditor,
  text: string,
  complete: boolean,
): StreamedText {
  /** The editor being filled, how many characters of the text it holds, and their text. */
  const shownRef = useRef<{ view: EditorView | null; chars: number; from: string }>({
    view: null,
    chars: 0,
    from: '',
  });
  // Which text the editor holds completely.
  const [loadedText, setLoadedText] = useState<string | null>(null);
  const [lineCount, setLineCount] = useState(0);
  const loaded = complete && loadedText === text;

  useLayoutEffect(() => {
    const view = editor.viewRef.current;
    if (!view) return;
    // Without the final line break, so the editor's last line is the document's last line.
    const body = text.endsWith('\n') ? text.slice(0, -1) : text;
    const shown = shownRef.current;
    // A new editor starts empty. A text that does not continue what the editor holds starts it
    // over (never expected: every stage is a prefix of the next, but the editor must never show
    // a mix of two texts).
    if (
      shown.view !== view ||
      shown.chars > body.length ||
      !body.startsWith(shown.from.slice(0, shown.chars))
    ) {
      shown.view = view;
      shown.chars = 0;
    }
    shown.from = body;
    const from = shown.chars;
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
        view.setState(
          EditorState.create({ doc: insert, extensions: editor.extensionsRef.current }),
        );
      } else {
        view.dispatch({ changes: { from: view.state.doc.length, insert } });
      }
      shown.chars = from + chunk[1];
      timer = setTimeout(appendNext, 0);
    };
    appendNext();
    return () => clearTimeout(timer);
  }, [editor, text, complete]);

  useEffect(() => {
    const view = editor.viewRef.current;
    if (!loaded || !view) return;
    view.dispatch({ effects: editor.language.reconfigure(xmlLanguage) });
  }, [editor, loaded]);

  return { loaded, lineCount };
}
