import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IndexOverLimit } from './index-over-limit.tsx';

const REFUSAL =
  'The payload is 63.0 MB, over the 50.0 MB limit for building the tree and table views at once.';

describe('IndexOverLimit', () => {
  it('says why, what the index costs, and builds it when asked', async () => {
    const onBuild = vi.fn();
    render(
      <IndexOverLimit
        refusal={REFUSAL}
        payloadBytes={63 * 1024 * 1024}
        request={{ status: 'not-asked' }}
        onBuild={onBuild}
        view="Tree"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      `${REFUSAL} The Pretty and Raw views and the download still work.`,
    );
    expect(screen.getByText(/It takes about 220\.5 MB of memory in this tab/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Build the index for Tree' }));
    expect(onBuild).toHaveBeenCalledTimes(1);
  });

  it('shows its progress while it builds, and its failure without offering it again', () => {
    const props = { refusal: REFUSAL, payloadBytes: 1, onBuild: () => undefined } as const;
    const { rerender } = render(
      <IndexOverLimit {...props} request={{ status: 'building', progress: 0.25 }} view="Table" />,
    );
    expect(screen.getByRole('progressbar', { name: 'Index progress' })).toHaveAttribute(
      'value',
      '0.25',
    );
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <IndexOverLimit
        {...props}
        request={{ status: 'failed', message: 'Array buffer allocation failed' }}
        view="Table"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The tree index could not be built: Array buffer allocation failed. The Pretty and Raw views and the download still work.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
