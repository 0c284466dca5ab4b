import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { analyzeXml } from '../../../xml/analyze-xml.ts';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import { searchText } from '../../../workers/viewer/search-text.ts';
import { linesOf, placeOnLines } from '../../../workers/viewer/pretty-line-starts.ts';
import { xmlLineTokens } from './lines/xml-line-tokens.ts';
import PrettyView from './pretty-view.tsx';

// The colouring of a line, counted: how many rows a render colours.
vi.mock('./lines/xml-line-tokens.ts', async (importOriginal) => {
  const actual = await importOriginal<{ xmlLineTokens: typeof xmlLineTokens }>();
  return { ...actual, xmlLineTokens: vi.fn(actual.xmlLineTokens) };
});

const STUBS = 400;
const xml = `<AssetStubs>${Array.from(
  { length: STUBS },
  (_, i) => `<Stub ID="s${i + 1}"><Title>Title ${i + 1}</Title></Stub>`,
).join('')}</AssetStubs>`;
const analysis = analyzeXml(xml);
const { foldEnd, prettyLineCount, prettyLineStarts } = analysis;
const pretty = analysis.pretty.toString();
const head = pretty.split('\n').slice(0, 10).join('\n') + '\n';

/** The worker's answers, from the same helpers the worker uses; `asked` records line requests. */
function fakeClient(): ViewerWorkerClient & { asked: Array<[number, number]> } {
  const starts = prettyLineStarts;
  if (!starts) throw new Error('the pretty text was written, so its line starts were recorded');
  const asked: Array<[number, number]> = [];
  return {
    asked,
    prettyLines: (from, to) => {
      asked.push([from, to]);
      return Promise.resolve(linesOf(pretty, starts, from, to).split('\n'));
    },
    search: (query) => {
      const matches = searchText(pretty, query);
      return Promise.resolve({ ...matches, ...placeOnLines(matches.positions, starts) });
    },
    treeStructure: () => Promise.reject(new Error('not used')),
    treeIndex: () => Promise.reject(new Error('not used')),
    nodeLabels: () => Promise.reject(new Error('not used')),
    nodeSource: () => Promise.reject(new Error('not used')),
    nodePlace: () => Promise.reject(new Error('not used')),
    queryTable: () => Promise.reject(new Error('not used')),
    queryTableWhenPrepared: () => Promise.reject(new Error('not used')),
    rankFirst: () => undefined,
    pageScrolling: () => undefined,
    indexOverLimit: () => undefined,
    tableCells: () => Promise.reject(new Error('not used')),
    csv: () => Promise.reject(new Error('not used')),
    dispose: () => undefined,
  };
}

const lines = () => screen.getByRole('region', { name: 'Pretty-printed DataStubs XML' });
const row = (line: number) => lines().querySelector(`[data-line="${line}"]`);
const activeLine = () => lines().querySelector('.xv-active-line')?.getAttribute('data-line');

function renderWhole(client = fakeClient()) {
  render(
    <PrettyView
      text={head}
      lineCount={prettyLineCount}
      foldEnd={foldEnd}
      client={client}
      revealLine={null}
    />,
  );
  return client;
}

describe('PrettyView', () => {
  it('shows the head alone until the worker has the whole text', () => {
    render(
      <PrettyView text={head} lineCount={null} foldEnd={null} client={null} revealLine={null} />,
    );
    expect(row(1)?.textContent).toContain('<AssetStubs>');
    expect(row(10)).not.toBeNull();
    expect(row(11)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Pretty-printing the payload');
  });

  it('widens the gutter to the line count’s digits with a class, which restyles the numbers alone', () => {
    const { rerender } = render(
      <PrettyView text={head} lineCount={null} foldEnd={null} client={null} revealLine={null} />,
    );
    expect(lines()).toHaveClass('xv-gutter-2');
    rerender(
      <PrettyView
        text={head}
        lineCount={prettyLineCount}
        foldEnd={foldEnd}
        client={fakeClient()}
        revealLine={null}
      />,
    );
    expect(lines()).toHaveClass(`xv-gutter-${String(prettyLineCount).length}`);
    expect(lines()).not.toHaveClass('xv-gutter-2');
    // An inherited custom property there would restyle every element of every row.
    expect(lines().getAttribute('style')).toBeNull();
  });

  /** 600 lines of pretty text, the head's or the viewer's, with the scroller's height watched. */
  function renderLongText(receiving: boolean, measuredHeight?: number) {
    const longText = pretty.split('\n').slice(0, 600).join('\n') + '\n';
    const clientHeight = vi.spyOn(Element.prototype, 'clientHeight', 'get');
    if (measuredHeight !== undefined) clientHeight.mockReturnValue(measuredHeight);
    render(
      <PrettyView
        text={longText}
        lineCount={null}
        foldEnd={null}
        client={null}
        revealLine={null}
        receiving={receiving}
      />,
    );
    return clientHeight;
  }

  it('renders a long head as the rows on screen and ten below, without laying the page out', () => {
    const clientHeight = renderLongText(true);
    try {
      // 70vh of the window (the scroller's CSS height) at 20 px a row, one of them partly shown.
      const onScreen = Math.ceil(Math.round(window.innerHeight * 0.7) / 20) + 1;
      expect(lines().querySelectorAll('.xv-line')).toHaveLength(onScreen + 10);
      // Reading the scroller's height as it mounts makes the browser lay the page out there.
      expect(clientHeight).not.toHaveBeenCalled();
    } finally {
      clientHeight.mockRestore();
    }
  });

  it('in the viewer, reads the scroller’s height as it mounts and renders the rows that fit', () => {
    const clientHeight = renderLongText(false, 200);
    try {
      expect(clientHeight).toHaveBeenCalled();
      // 200 px at 20 px a row, one of them partly shown, and ten below.
      expect(lines().querySelectorAll('.xv-line')).toHaveLength(200 / 20 + 1 + 10);
    } finally {
      clientHeight.mockRestore();
    }
  });

  it('colours each row once: activating a line does not colour the others again', async () => {
    render(
      <PrettyView text={head} lineCount={null} foldEnd={null} client={null} revealLine={null} />,
    );
    const coloured = vi.mocked(xmlLineTokens).mock.calls.length;
    expect(coloured).toBeGreaterThanOrEqual(10);
    await userEvent.click(row(3) as HTMLElement);
    expect(activeLine()).toBe('3');
    expect(vi.mocked(xmlLineTokens).mock.calls.length).toBe(coloured);
  });

  it('holds a window of rows and fetches their lines from the worker', async () => {
    const client = renderWhole();
    expect(screen.getByRole('status')).toHaveTextContent(
      `All ${prettyLineCount.toLocaleString('en-US')} lines are in`,
    );
    // 400 px at 20 px a row, and ten rows on either side: nowhere near 1,202 rows.
    expect(lines().querySelectorAll('.xv-line').length).toBeLessThan(50);
    await act(async () => {
      lines().focus();
    });
    await userEvent.keyboard('{Control>}{End}{/Control}');
    expect(activeLine()).toBe(String(prettyLineCount));
    await screen.findByText('AssetStubs', { selector: `[data-line="${prettyLineCount}"] span` });
    expect(
      client.asked.some(([from, to]) => from <= prettyLineCount - 1 && to >= prettyLineCount),
    ).toBe(true);
  });

  it('searches in the worker and steps through the matches, marking the current one', async () => {
    renderWhole();
    await userEvent.type(screen.getByLabelText('Search'), 'title 40');
    const status = () => document.querySelector('.xv-match-status')?.textContent;
    // "Title 40" and "Title 400"; the title of stub n is on line 1 + 3(n - 1) + 2.
    await screen.findByText('1 of 2');
    expect(activeLine()).toBe(String(1 + 3 * 39 + 2));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(status()).toBe('2 of 2');
    expect(activeLine()).toBe(String(1 + 3 * 399 + 2));
    const current = [...lines().querySelectorAll('.xv-search-current')].map((e) => e.textContent);
    expect(current.join('')).toBe('Title 40');
  });

  it('folds an element to one row and moves past it, then unfolds', async () => {
    renderWhole();
    // Line 2 is the first <Stub>: its fold button is the second in the gutter.
    const second = row(2) as HTMLElement;
    await userEvent.click(within(second).getByTitle('Fold'));
    expect(row(3)).toBeNull();
    expect(row(2)?.querySelector('.xv-fold-placeholder')).not.toBeNull();
    expect(row(2)?.textContent).toContain('</Stub>');
    await userEvent.click(row(2) as HTMLElement);
    await userEvent.keyboard('{ArrowDown}');
    expect(activeLine()).toBe('5');
    await userEvent.keyboard('{ArrowUp}{Control>}{Shift>}]{/Shift}{/Control}');
    expect(row(3)?.textContent).toContain('Title 1');
  });

  it('says which lines go to line accepts', async () => {
    renderWhole();
    await userEvent.type(screen.getByLabelText('Go to line'), '99999');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Enter a line from 1 to ${prettyLineCount.toLocaleString('en-US')}.`,
    );
    await userEvent.clear(screen.getByLabelText('Go to line'));
    await userEvent.type(screen.getByLabelText('Go to line'), '600');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(activeLine()).toBe('600');
    expect(row(600)).not.toBeNull();
  });

  it('selects the rows in the page with Ctrl+A, not the whole page', async () => {
    renderWhole();
    await act(async () => {
      lines().focus();
    });
    await userEvent.keyboard('{Control>}a{/Control}');
    const selected = window.getSelection()?.toString() ?? '';
    expect(selected).toContain('<AssetStubs>');
    expect(selected).not.toContain('Go to line');
  });
});
