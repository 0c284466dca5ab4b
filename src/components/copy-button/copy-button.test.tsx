import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyButton } from './copy-button.tsx';

afterEach(() => vi.useRealTimers());

describe('CopyButton', () => {
  it('reads a lazy text when pressed and copies it', async () => {
    const user = userEvent.setup();
    const read = vi.fn(() => Promise.resolve('the whole body'));
    render(<CopyButton text={read} label="Copy body" />);
    expect(read).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Copy body' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
    expect(await navigator.clipboard.readText()).toBe('the whole body');
  });

  it('says the copy failed when the text cannot be read', async () => {
    const user = userEvent.setup();
    render(<CopyButton text={() => Promise.reject(new Error('gone'))} label="Copy body" />);
    await user.click(screen.getByRole('button', { name: 'Copy body' }));
    expect(await screen.findByText('Copy refused by the browser')).toBeInTheDocument();
  });

  it("keeps a later press's message when an earlier press's moment ends", async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<CopyButton text="a" label="Copy" />);
    const button = screen.getByRole('button', { name: 'Copy' });
    await user.click(button);
    await screen.findByText('Copied');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await user.click(button);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
