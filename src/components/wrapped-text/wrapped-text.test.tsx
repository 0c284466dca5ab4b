import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { WrappedText } from './wrapped-text.tsx';

afterEach(() => vi.restoreAllMocks());

/** jsdom has no layout: the region reports this height to the virtualizer. */
function withHeight(pixels: number) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(pixels);
}

describe('WrappedText', () => {
  it('puts only the rows on screen in the page, whatever the length', () => {
    withHeight(200);
    const lines = Array.from({ length: 50_000 }, (_, i) => `<Stub n="${i}"/>`);
    render(<WrappedText text={lines.join('\n')} label="Body" />);
    const region = screen.getByRole('region', { name: 'Body' });
    const rows = region.querySelectorAll('.wrapped-text-row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]?.textContent).toBe('<Stub n="0"/>');
  });

  it('gives the text alone: line numbers and continuation marks are drawn, not written', () => {
    withHeight(200);
    const text = `a\n${'x'.repeat(1500)}`;
    render(<WrappedText text={text} label="Body" />);
    const region = screen.getByRole('region', { name: 'Body' });
    expect(region.textContent).toBe(`a${'x'.repeat(1500)}`);
    const gutters = Array.from(region.querySelectorAll('.wrapped-text-gutter'), (g) =>
      g.getAttribute('data-line'),
    );
    expect(gutters).toEqual(['1', '2', '↪']);
  });

  it('fits a short text, up to the rows asked for', () => {
    withHeight(100);
    const { rerender } = render(<WrappedText text={'a\nb\nc'} label="Body" maxRows={18} />);
    const height = () => screen.getByRole('region', { name: 'Body' }).style.height;
    expect(height()).toBe(`${3 * 20 + 18}px`);
    rerender(<WrappedText text={'a\n'.repeat(100)} label="Body" maxRows={18} />);
    expect(height()).toBe(`${18 * 20 + 18}px`);
  });
});
