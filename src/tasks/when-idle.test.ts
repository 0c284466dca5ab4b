import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

const scope = globalThis as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };

describe('whenIdle', () => {
  afterEach(() => {
    delete scope.requestIdleCallback;
    delete scope.cancelIdleCallback;
    vi.useRealTimers();
  });

  it('hands the task to requestIdleCallback, with the deadline by which it must run', () => {
    const idle = vi.fn<(callback: () => void, options: { timeout: number }) => number>(() => 7);
    scope.requestIdleCallback = idle;
    scope.cancelIdleCallback = vi.fn();
    const task = vi.fn();
    whenIdle(task, 5000);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle.mock.calls[0]?.[1]).toEqual({ timeout: 5000 });
    expect(task).not.toHaveBeenCalled();
    idle.mock.calls[0]?.[0]();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancels the idle callback it asked for', () => {
    scope.requestIdleCallback = () => 7;
    const cancel = vi.fn();
    scope.cancelIdleCallback = cancel;
    whenIdle(() => undefined)();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('runs the task after the fallback delay where there is no idle callback, unless cancelled', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task, 2000, 300);
    vi.advanceTimersByTime(299);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenIdle(cancelled, 2000, 300)();
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
