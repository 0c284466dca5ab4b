import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as heldText from '../../text/held-text.ts';
import type { TextOrHeld } from '../../text/held-text.ts';
import { heldForTest as held } from '../../test/held-text.ts';
import { useReadText } from './use-read-text.ts';

describe('useReadText', () => {
  it('gives a string at once, without reading anything', () => {
    const { result } = renderHook(() => useReadText('<a/>', false));
    expect(result.current).toEqual({ status: 'read', text: '<a/>' });
  });

  it('reads a held text only once wanted, then keeps it when no longer wanted', async () => {
    const read = vi.spyOn(heldText, 'readText');
    const text = held('<a>é</a>');
    const { result, rerender } = renderHook(
      ({ wanted }: { wanted: boolean }) => useReadText(text, wanted),
      { initialProps: { wanted: false } },
    );
    expect(result.current.status).toBe('idle');
    expect(read).not.toHaveBeenCalled();
    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toEqual({ status: 'read', text: '<a>é</a>' }));
    rerender({ wanted: false });
    rerender({ wanted: true });
    expect(result.current.text).toBe('<a>é</a>');
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
  });

  it('finishes a read begun before the view stopped wanting it', async () => {
    const text = held('<b/>');
    const { result, rerender } = renderHook(
      ({ wanted }: { wanted: boolean }) => useReadText(text, wanted),
      { initialProps: { wanted: true } },
    );
    rerender({ wanted: false });
    await waitFor(() => expect(result.current.text).toBe('<b/>'));
  });

  it('never shows the text of the previous payload for a new one', async () => {
    const first = held('<first/>');
    const second = held('<second/>');
    let finishFirst: (value: string) => void = () => undefined;
    const read = vi
      .spyOn(heldText, 'readText')
      .mockImplementationOnce(() => new Promise((resolve) => (finishFirst = resolve)));
    const { result, rerender } = renderHook(
      ({ text }: { text: TextOrHeld }) => useReadText(text, true),
      { initialProps: { text: first as TextOrHeld } },
    );
    rerender({ text: second });
    await waitFor(() => expect(result.current.text).toBe('<second/>'));
    await act(async () => finishFirst('<first/>'));
    expect(result.current.text).toBe('<second/>');
    read.mockRestore();
  });

  it('says why a held text could not be read', async () => {
    const broken = held('x');
    vi.spyOn(broken.held, 'text').mockRejectedValue(new Error('the file was removed'));
    const { result } = renderHook(() => useReadText(broken, true));
    await waitFor(() =>
      expect(result.current).toEqual({
        status: 'failed',
        text: null,
        message: 'the file was removed',
      }),
    );
  });
});
