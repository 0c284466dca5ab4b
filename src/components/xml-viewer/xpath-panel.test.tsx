import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { evaluateXPath } from '../../xml/xpath/evaluate-xpath.ts';
import { prepareXPathText } from '../../xml/xpath/xpath-text.ts';
import { XPathCancelled, type XPathRunner } from '../../workers/xpath/xpath-worker-client.ts';
import { XPathPanel } from './xpath-panel.tsx';

const prepared = prepareXPathText(
  '<AssetStubs xmlns="urn:inode" xmlns:m="urn:meta"><Stub ID="1"/><Stub ID="2"><m:Tag>x</m:Tag></Stub></AssetStubs>',
);

/** Answers in the page, as the worker would; `hold` keeps every query running until cancelled. */
function fakeRunner(hold = false): XPathRunner & { cancelled: number } {
  let reject: ((error: Error) => void) | null = null;
  const runner = {
    cancelled: 0,
    run: (expression: string, limit: number) =>
      hold
        ? new Promise<never>((_, r) => {
            reject = r;
          })
        : Promise.resolve({ value: evaluateXPath(prepared, expression, limit), elapsedMs: 3 }),
    namespaces: () => Promise.resolve(prepared),
    exactPath: () => Promise.reject(new Error('not used')),
    cancel: () => {
      runner.cancelled += 1;
      reject?.(new XPathCancelled('cancelled'));
    },
    dispose: () => {},
  };
  return runner;
}

function renderPanel(runner: XPathRunner, initialQuery: string | null = null) {
  const props = {
    onQueryRun: vi.fn(),
    onRevealTree: vi.fn(),
    onRevealPretty: vi.fn(),
    onAnnounce: vi.fn(),
  };
  render(<XPathPanel prepared={prepared} runner={runner} initialQuery={initialQuery} {...props} />);
  return props;
}

describe('XPathPanel', () => {
  it('shows the default-namespace alias and the prefixes, runs a query, reveals a result', async () => {
    const props = renderPanel(fakeRunner());
    expect(screen.getByText(/Default namespace:/)).toHaveTextContent(
      'Default namespace: d = urn:inode · Prefixes: m = urn:meta',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('XPath'), '//m:Tag{Enter}');
    expect(await screen.findByText('/d:AssetStubs[1]/d:Stub[2]/m:Tag[1]')).toBeVisible();
    expect(props.onQueryRun).toHaveBeenCalledWith('//m:Tag');
    await waitFor(() => expect(props.onAnnounce).toHaveBeenLastCalledWith('XPath: 1 node.'));
    await user.click(screen.getByRole('button', { name: '/d:AssetStubs[1]/d:Stub[2]/m:Tag[1]' }));
    await user.click(screen.getByRole('button', { name: /in Pretty$/ }));
    expect(props.onRevealTree).toHaveBeenCalledTimes(1);
    expect(props.onRevealPretty).toHaveBeenCalledWith(props.onRevealTree.mock.calls[0]?.[0]);
  });

  it('marks the character an error is at and keeps what was typed', async () => {
    const props = renderPanel(fakeRunner(), '//x:Stub');
    expect(await screen.findByText(/Unknown namespace prefix "x"/)).toBeVisible();
    expect(document.querySelector('mark')).toHaveTextContent('x');
    expect(screen.getByLabelText('XPath')).toHaveValue('//x:Stub');
    expect(screen.getByLabelText('XPath')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() =>
      expect(props.onAnnounce).toHaveBeenLastCalledWith(
        'XPath: Error at character 3: Unknown namespace prefix "x" (bound here: m, d).',
      ),
    );
  });

  it('offers Cancel only after 200 ms, and cancelling stops the worker', async () => {
    const runner = fakeRunner(true);
    const props = renderPanel(runner);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('XPath'), 'count(//d:Stub){Enter}');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }, { timeout: 2000 }));
    expect(runner.cancelled).toBe(1);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await waitFor(() =>
      expect(props.onAnnounce).toHaveBeenLastCalledWith('XPath query cancelled.'),
    );
  });
});
