import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import { formatCount } from '../format-count.ts';
import { selectRange, type PrettyEditor } from './use-pretty-editor.ts';

export interface GoToLine {
  /** Why the typed line cannot be shown, or ''. */
  lineError: string;
  /** The "Go to line" form's submit: selects the typed line and focuses the editor. */
  onGoToLine(event: FormEvent): void;
}

/**
 * Going to a line, once every line is in: the line typed into `lineInputRef`'s field, and
 * `revealLine` (0-based) whenever the viewer asks for one.
 */
export function useGoToLine(
  editor: PrettyEditor,
  loaded: boolean,
  revealLine: { line: number } | null,
  lineInputRef: RefObject<HTMLInputElement | null>,
): GoToLine {
  const [lineError, setLineError] = useState('');

  useEffect(() => {
    const view = editor.viewRef.current;
    if (!view || !revealLine || !loaded) return;
    const line = view.state.doc.line(
      Math.min(Math.max(revealLine.line + 1, 1), view.state.doc.lines),
    );
    selectRange(view, line.from, line.from);
  }, [editor, revealLine, loaded]);

  const onGoToLine = (event: FormEvent) => {
    event.preventDefault();
    const view = editor.viewRef.current;
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
    selectRange(view, line.from, line.from);
    view.focus();
  };

  return { lineError, onGoToLine };
}
