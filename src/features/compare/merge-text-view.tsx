import { useEffect, useRef } from 'react';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

// Read-only content is still a tab stop with a name, so keyboard users can scroll it.
const readOnly = (label: string) => [
  EditorState.readOnly.of(true),
  EditorView.editable.of(false),
  EditorView.contentAttributes.of({ tabindex: '0', 'aria-label': label }),
];

/**
 * Both sides as canonical text, side by side, unchanged stretches collapsed (@codemirror/merge).
 * Loaded lazily with the compare page's result.
 */
export default function MergeTextView({ left, right }: { left: string; right: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const view = new MergeView({
      a: { doc: left, extensions: readOnly('Left, canonical text') },
      b: { doc: right, extensions: readOnly('Right, canonical text') },
      parent: host.current,
      collapseUnchanged: { margin: 2, minSize: 6 },
      gutter: true,
    });
    return () => view.destroy();
  }, [left, right]);
  return (
    <div
      className="merge-text"
      ref={host}
      role="region"
      aria-label="Side by side, canonical text"
      tabIndex={0}
    />
  );
}
