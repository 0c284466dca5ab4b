import { HighlightStyle } from '@codemirror/language';
import { tags } from '@lezer/highlight';

/** XML colours from CSS variables, so light and dark themes (xml-viewer.css) both meet contrast. */
export const xmlHighlightStyle = HighlightStyle.define([
  { tag: tags.tagName, color: 'var(--xv-tag)' },
  { tag: tags.attributeName, color: 'var(--xv-attr)' },
  { tag: tags.attributeValue, color: 'var(--xv-value)' },
  {
    tag: [tags.comment, tags.processingInstruction, tags.documentMeta],
    color: 'var(--xv-comment)',
    fontStyle: 'italic',
  },
  { tag: [tags.angleBracket, tags.definitionOperator], color: 'var(--xv-punct)' },
  { tag: tags.character, color: 'var(--xv-entity)' },
  { tag: tags.invalid, color: 'var(--xv-invalid)' },
]);
