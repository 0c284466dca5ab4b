import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReceivingDataStubs } from './receiving-data-stubs.tsx';
import { preloadViews } from './views/lazy-views.ts';

const head = `<AssetStubs>${Array.from(
  { length: 300 },
  (_, i) => `<Stub ID="s${i + 1}"><Title>Title ${i + 1}</Title></Stub>`,
).join('')}`;

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean | undefined };
let wasAct: boolean | undefined;
// Rendered as the page renders it, not in act(), which would run the deferred render at once.
beforeEach(() => {
  wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
});

describe('ReceivingDataStubs', () => {
  it('commits its tabs at once and the head’s lines in a later render', async () => {
    // The view's code in, as the page prefetches it: nothing waits on a Suspense fallback.
    await preloadViews();
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      flushSync(() =>
        root.render(<ReceivingDataStubs head={head} tab={null} onTabChange={() => undefined} />),
      );
      expect(container.querySelector('[role="tab"][aria-selected="true"]')).toHaveTextContent(
        'Pretty',
      );
      expect(container.querySelector('.xv-line')).toBeNull();
      expect(container).toHaveTextContent('Receiving the response…');

      await waitFor(() => expect(container.querySelector('.xv-line')).not.toBeNull());
      expect(container.querySelector('[data-line="1"]')).toHaveTextContent('<AssetStubs>');
      expect(container.querySelector('[data-line="2"]')).toHaveTextContent('<Stub ID="s1">');
    } finally {
      root.unmount();
      container.remove();
    }
  });

  it('tells once its first lines are on screen, not before', async () => {
    await preloadViews();
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const linesWhenTold: number[] = [];
    const onShown = () => void linesWhenTold.push(container.querySelectorAll('.xv-line').length);
    try {
      flushSync(() =>
        root.render(
          <ReceivingDataStubs
            head={head}
            tab={null}
            onTabChange={() => undefined}
            onShown={onShown}
          />,
        ),
      );
      expect(linesWhenTold).toEqual([]);
      await waitFor(() => expect(linesWhenTold.length).toBeGreaterThan(0));
      expect(linesWhenTold[0]).toBeGreaterThan(0);
    } finally {
      root.unmount();
      container.remove();
    }
  });
});
