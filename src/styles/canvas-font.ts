/**
 * Text on a canvas in the fonts the page draws: the Table measures its columns with it, and the
 * font warm-up matches those fonts before the Table needs them.
 */

/** The font shorthand a canvas takes for a computed style: weight, size and family. */
export function canvasFont(style: CSSStyleDeclaration): string {
  return `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

/** Each document's one measuring context (see documentCanvas). */
const contexts = new WeakMap<Document, CanvasRenderingContext2D | null>();
/** The font last set on each context, so that a measurer sets it again only when it changes. */
const fontsSet = new WeakMap<CanvasRenderingContext2D, string>();

/**
 * The one 2D context of a canvas of `doc` (the page's document by default), made on first use
 * and kept: the font warm-up makes it while the page is idle, and the Table's measurers share it
 * (a new canvas costs about 1.5 ms in an idle page, tens of milliseconds while an answer
 * arrives). A document canvas resolves font names (system-ui) as the page does (an
 * OffscreenCanvas may fall back to another font). Null where canvases do not draw (jsdom, Node).
 */
export function documentCanvas(doc?: Document): CanvasRenderingContext2D | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  const owner = doc ?? document;
  let context = contexts.get(owner);
  if (context === undefined) {
    context = owner.createElement('canvas').getContext('2d');
    contexts.set(owner, context);
  }
  return context;
}

/**
 * A text's width in `font` on a shared context, which may have been left in another font.
 *
 * @example const width = canvasTextWidth(documentCanvas()!, '13px sans-serif'); width('abc')
 */
export function canvasTextWidth(
  context: CanvasRenderingContext2D,
  font: string,
): (text: string) => number {
  return (text) => {
    if (fontsSet.get(context) !== font) {
      context.font = font;
      fontsSet.set(context, font);
    }
    return context.measureText(text).width;
  };
}
