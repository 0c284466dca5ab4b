import { describe, expect, it } from 'vitest';
import { canvasFont, documentCanvas } from './canvas-font.ts';

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
