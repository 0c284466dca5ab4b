import { describe, expect, it } from 'vitest';
import { canvasFont, canvasTextWidth, documentCanvas } from './canvas-font.ts';

describe('canvasFont', () => {
  it('writes a computed style as the shorthand a canvas takes', () => {
    const style = {
      fontWeight: '600',
      fontSize: '16px',
      fontFamily: 'system-ui, "Segoe UI", sans-serif',
    } as CSSStyleDeclaration;
    expect(canvasFont(style)).toBe('600 16px system-ui, "Segoe UI", sans-serif');
  });
});

describe('documentCanvas', () => {
  it('gives no context where canvases do not draw', () => {
    expect(documentCanvas()).toBeNull();
  });
});

describe('canvasTextWidth', () => {
  it('sets the font on the shared context only when it changes, and measures in it', () => {
    const fontsSet: string[] = [];
    let current = '';
    const context = {
      get font() {
        return current;
      },
      set font(font: string) {
        fontsSet.push(font);
        current = font;
      },
      // 10 px a character in the cell font, 20 in the header font.
      measureText: (text: string) => ({
        width: text.length * (current.startsWith('600') ? 20 : 10),
      }),
    } as unknown as CanvasRenderingContext2D;
    const cell = canvasTextWidth(context, '13px sans-serif');
    const header = canvasTextWidth(context, '600 16px sans-serif');
    expect([cell('ab'), cell('abc'), header('ab'), cell('a'), cell('b')]).toEqual([
      20, 30, 40, 10, 10,
    ]);
    expect(fontsSet).toEqual(['13px sans-serif', '600 16px sans-serif', '13px sans-serif']);
  });
});
