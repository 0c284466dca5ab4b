import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, nextTurn, queueTask } from './next-turn.ts';

describe('nextTurn', () => {
  it('lets a task queued before it run first, which a microtask would not', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task'), 0);
    await Promise.resolve();
    order.push('microtask');
    await nextTurn();
    order.push('after the turn');
    expect(order).toEqual(['microtask', 'task', 'after the turn']);
  });
});

describe('queueTask', () => {
  it('runs callbacks in their own tasks, in order, after a task queued before them', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const done = new Promise<void>((resolve) => {
      queueTask(() => order.push('first'));
      queueTask(() => {
        order.push('second');
        resolve();
      });
    });
    order.push('sync');
    await done;
    await nextTurn();
    expect(order.indexOf('sync')).toBe(0);
    expect(order.indexOf('first')).toBeLessThan(order.indexOf('second'));
    expect(order).toContain('timer');
  });

  it('runs many tasks while nested 0 ms timers wait their turns', async () => {
    // A count, not a duration: how many queued tasks run while ten nested 0 ms timers do.
    let nestedTimers = 0;
    const timers = new Promise<void>((resolve) => {
      const next = () => (++nestedTimers === 10 ? resolve() : setTimeout(next, 0));
      setTimeout(next, 0);
    });
    let queued = 0;
    let stop = false;
    const spin = () => {
      queued += 1;
      if (!stop) queueTask(spin);
    };
    queueTask(spin);
    await timers;
    stop = true;
    expect(queued).toBeGreaterThan(100);
  });
});

describe('afterNextPaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("runs the callback in a task after the next frame's callbacks, not within them", async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    const order: string[] = [];
    afterNextPaint(() => order.push('after the paint'));
    await nextTurn();
    expect(order).toEqual([]);
    frames.shift()?.();
    order.push('frame');
    await nextTurn();
    expect(order).toEqual(['frame', 'after the paint']);
  });

  it('runs the callback in the next task in a hidden page, which paints no frames', async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    const order: string[] = [];
    afterNextPaint(() => order.push('later'));
    order.push('now');
    await nextTurn();
    expect(order).toEqual(['now', 'later']);
    expect(frames).toEqual([]);
  });

  it('runs the callback in the next task where there are no frames', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const order: string[] = [];
    afterNextPaint(() => order.push('later'));
    order.push('now');
    await nextTurn();
    expect(order).toEqual(['now', 'later']);
  });
});
