import { renderHook, waitFor } from '@testing-library/react';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { useTellWhenPainted } from './use-tell-when-painted.ts';

describe('useTellWhenPainted', () => {
  it('tells after the content is painted, not as it is rendered', async () => {
    let told = 0;
    const tell = () => void told++;
    renderHook(() => useTellWhenPainted(true, tell));
    expect(told).toBe(0);
    await waitFor(() => expect(told).toBe(1));
  });

  it('does not tell of content gone before its paint, and tells of what replaced it', async () => {
    let told = 0;
    const tell = () => void told++;
    const { rerender } = renderHook(({ shown }) => useTellWhenPainted(shown, tell), {
      initialProps: { shown: true },
    });
    // The view switched before the frame that would have drawn the first one's content.
    rerender({ shown: false });
    await sleep(100);
    expect(told).toBe(0);
    rerender({ shown: true });
    await waitFor(() => expect(told).toBe(1));
    await sleep(100);
    expect(told).toBe(1);
  });

  it('tells nothing while nothing is shown', async () => {
    let told = 0;
    renderHook(() => useTellWhenPainted(false, () => void told++));
    await sleep(100);
    expect(told).toBe(0);
  });
});
