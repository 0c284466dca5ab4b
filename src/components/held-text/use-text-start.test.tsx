import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as heldText from '../../text/held-text.ts';
import { heldForTest as held } from '../../test/held-text.ts';
import { useTextStart } from './use-text-start.ts';

describe('useTextStart', () => {
  it("gives a string's start at once, wanted or not", () => {
    const { result } = renderHook(() => useTextStart('<a>bc</a>', 4, false));
    expect(result.current).toEqual({ status: 'read', text: '<a>b' });
  });

  it('reads a held text only once wanted, then keeps it when no longer wanted', async () => {
    const readStart = vi.spyOn(heldText, 'readTextStart');
    const text = held('<a>é</a>');
    const { result, rerender } = renderHook(
      ({ wanted }: { wanted: boolean }) => useTextStart(text, 4, wanted),
      { initialProps: { wanted: false } },
    );
    expect(result.current.status).toBe('idle');
    expect(readStart).not.toHaveBeenCalled();
    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toEqual({ status: 'read', text: '<a>é' }));
    rerender({ wanted: false });
    expect(result.current.text).toBe('<a>é');
    rerender({ wanted: true });
    expect(result.current.text).toBe('<a>é');
    expect(readStart).toHaveBeenCalledTimes(1);
    readStart.mockRestore();
  });
});
