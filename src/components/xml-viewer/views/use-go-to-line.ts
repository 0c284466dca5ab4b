import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import { formatCount } from '../format-count.ts';

export interface GoToLine {
  /** Why the typed line cannot be shown, or ''. */
  lineError: string;
  /** The "Go to line" form's submit: shows the typed line. */
  onGoToLine(event: FormEvent): void;
}

/**
 * Going to a line once every line is in (`lineCount` not null): the line typed into
 * `lineInputRef`'s field (`onGo`, 0-based), and `revealLine` (0-based) whenever the viewer asks
 * for one (`onReveal`).
 */
export function useGoToLine(
  lineCount: number | null,
  revealLine: { line: number } | null,
  lineInputRef: RefObject<HTMLInputElement | null>,
  onGo: (line: number) => void,
  onReveal: (line: number) => void,
): GoToLine {
  const [lineError, setLineError] = useState('');

  useEffect(() => {
    if (!revealLine || lineCount === null || lineCount === 0) return;
    onReveal(Math.min(Math.max(revealLine.line, 0), lineCount - 1));
    // A reveal is asked once; onReveal changes with every fold.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealLine, lineCount]);

  const onGoToLine = (event: FormEvent) => {
    event.preventDefault();
    if (lineCount === null) {
      setLineError('The lines are still loading; try again in a moment.');
      return;
    }
    const wanted = Number(lineInputRef.current?.value);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > lineCount) {
      setLineError(`Enter a line from 1 to ${formatCount(Math.max(1, lineCount))}.`);
      return;
    }
    setLineError('');
    onGo(wanted - 1);
  };

  return { lineError, onGoToLine };
}
