import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Compartment, EditorSelection, EditorState, type Extension } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { codeFolding, foldGutter, foldKeymap, syntaxHighlighting } from '@codemirror/language';
import { defaultKeymap } from '@codemirror/commands';
import { xmlHighlightStyle } from './xml-highlight-style.ts';
import { prettyTheme } from './pretty-theme.ts';

/** The Pretty view's editor and the parts of its configuration that change after creation. */
export interface PrettyEditor {
  /** The editor, from the first layout effect until the view unmounts. */
  readonly viewRef: RefObject<EditorView | null>;
  /** Its extensions, for a fresh state with a new document. */
  readonly extensionsRef: RefObject<Extension[]>;
  /** The fold service built from the worker's fold index. */
  readonly fold: Compartment;
  /** The XML language (syntax highlighting), attached once every line is in. */
  readonly language: Compartment;
  /** The search matches' marks. */
  readonly matches: Compartment;
}

/** What the editor's keyboard shortcuts reach outside it. */
export interface PrettyEditorShortcuts {
  /** Mod-F focuses it. */
  searchInputRef: RefObject<HTMLInputElement | null>;
  /** Alt-G and Mod-Alt-G focus it. */
  lineInputRef: RefObject<HTMLInputElement | null>;
  /** F3 and Shift-F3: the next and the previous match. */
  stepRef: RefObject<(delta: number) => void>;
}

/**
 * Creates the read-only editor in `hostRef`'s element once, before the browser paints, with an
 * empty document; destroys it on unmount.
 */
export function usePrettyEditor(
  hostRef: RefObject<HTMLDivElement | null>,
  { searchInputRef, lineInputRef, stepRef }: PrettyEditorShortcuts,
): PrettyEditor {
  const viewRef = useRef<EditorView | null>(null);
  const extensionsRef = useRef<Extension[]>([]);
  const [editor] = useState<PrettyEditor>(() => ({
    viewRef,
    extensionsRef,
    fold: new Compartment(),
    language: new Compartment(),
    matches: new Compartment(),
  }));

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
          editor.fold.of([]),
          editor.language.of([]),
          syntaxHighlighting(xmlHighlightStyle),
          drawSelection(),
          highlightActiveLine(),
          editor.matches.of([]),
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
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [hostRef, editor, searchInputRef, lineInputRef, stepRef]);

  return editor;
}

/** Selects xml[from, to) in the editor and scrolls it to the middle of the screen. */
export function selectRange(view: EditorView | null, from: number, to: number): void {
  if (!view) return;
  view.dispatch({
    selection: EditorSelection.single(from, to),
    effects: EditorView.scrollIntoView(from, { y: 'center' }),
  });
}
