import { EditorView } from '@codemirror/view';

/**
 * One font, size and line height for Pretty's line numbers and its lines. The line height is a
 * whole number of pixels: a ratio (CodeMirror's 1.4) gives a line box that depends on the font
 * the browser falls back to, and fractional boxes that the gutter rounds differently.
 */
const EDITOR_TEXT = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  fontSize: '13px',
  lineHeight: '20px',
};

export const prettyTheme = EditorView.theme({
  '.cm-scroller, .cm-gutters, .cm-gutterElement, .cm-content, .cm-line': EDITOR_TEXT,
});
