import { useEffect } from 'react';
import type { Extension } from '@codemirror/state';
import { foldService } from '@codemirror/language';
import type { PrettyEditor } from './use-pretty-editor.ts';

/** Folding from the worker's fold index, once it is known (null until the whole text is). */
export function useFoldIndex(editor: PrettyEditor, foldEnd: Int32Array | null): void {
  useEffect(() => {
    if (foldEnd)
      editor.viewRef.current?.dispatch({
        effects: editor.fold.reconfigure(foldFromIndex(foldEnd)),
      });
  }, [editor, foldEnd]);
}

/** A fold service that folds each line's element up to the line of its closing tag. */
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
