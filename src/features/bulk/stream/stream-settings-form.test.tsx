import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StreamSettingsFields } from './stream-settings-form.tsx';

describe('StreamSettingsFields', () => {
  it('hands each valid change to the job, and null with the CLI’s message while invalid', async () => {
    const onChange = vi.fn();
    render(<StreamSettingsFields onChange={onChange} />);
    expect(onChange).toHaveBeenLastCalledWith({
      ratePerSecond: null,
      concurrency: 6,
      adaptive: false,
      retries: 3,
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Rate'), '3000/min');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ ratePerSecond: 50 }));
    await user.clear(screen.getByLabelText('Retries'));
    await user.type(screen.getByLabelText('Retries'), '21');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(await screen.findByText(/“21” is not a retry count/)).toBeVisible();
    await user.clear(screen.getByLabelText('Calls at a time'));
    await user.type(screen.getByLabelText('Calls at a time'), '16');
    await user.clear(screen.getByLabelText('Retries'));
    await user.type(screen.getByLabelText('Retries'), '0');
    await user.click(screen.getByLabelText(/^Adaptive/));
    expect(onChange).toHaveBeenLastCalledWith({
      ratePerSecond: 50,
      concurrency: 16,
      adaptive: true,
      retries: 0,
    });
  });
});
