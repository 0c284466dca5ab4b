/**
 * Text on a canvas in the fonts the page draws: the Table measures its columns with it, and the
 * font warm-up matches those fonts before the Table needs them.
 */

/** The font shorthand a canvas takes for a computed style: weight, size and family. */
export function canvasFont(style: CSSStyleDeclaration): string {
  return `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

/**
 * A 2D context of a canvas of `doc` (the page's document by default), which resolves font names
 * (system-ui) as the page does (an OffscreenCanvas may fall back to another font); null where
 * canvases do not draw (jsdom, Node).
 */
export function documentCanvas(doc?: Document): CanvasRenderingContext2D | null {
  return typeof OffscreenCanvas === 'undefined'
    ? null
    : (doc ?? document).createElement('canvas').getContext('2d');
}
