import { describe, expect, it } from 'vitest';
import { queueTask } from './next-turn.ts';
import { backgroundHeldFor, holdBackground, stepsInTasks } from './steps-in-tasks.ts';

/** A clock that moves only when a step says so. */
function steppedClock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

/** Work done in its first step: nothing to wait for. */
// eslint-disable-next-line require-yield
function* oneStep(): Generator<void, number, void> {
  return 1;
}

describe('stepsInTasks', () => {
  it('runs steps while a task lasts less than the budget, then yields to what was queued', async () => {
    const clock = steppedClock();
    const order: string[] = [];
    function* steps() {
      for (let step = 1; step <= 7; step++) {
        order.push(`step ${step}`);
        clock.advance(3);
        // A request arriving while the first task runs: it must not wait for the whole work.
        if (step === 2) queueTask(() => order.push('request'));
        if (step < 7) yield;
      }
      return 'result';
    }
    const done = stepsInTasks(steps(), 8, clock.now);
    // The first task runs at once: 3 steps of 3 ms reach the 8 ms budget.
    expect(order).toEqual(['step 1', 'step 2', 'step 3']);
    await expect(done).resolves.toBe('result');
    expect(order).toEqual([
      'step 1',
      'step 2',
      'step 3',
      'request',
      'step 4',
      'step 5',
      'step 6',
      'step 7',
    ]);
  });

  it('settles at once when the work has no step to wait for', async () => {
    let settled = false;
    const done = stepsInTasks(oneStep()).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(true);
    await done;
  });

  it('rejects with what a step threw, in a later task too', async () => {
    const clock = steppedClock();
    let steps = 0;
    function* failing() {
      for (;;) {
        steps += 1;
        clock.advance(10);
        if (steps === 3) throw new Error('bad step');
        yield;
      }
    }
    await expect(stepsInTasks(failing(), 8, clock.now)).rejects.toThrow('bad step');
    expect(steps).toBe(3);
  });

  it('runs no step while background work is held, and resumes when the hold ends', async () => {
    const heldAt = performance.now();
    holdBackground(40);
    // A shorter hold does not cut a longer one short.
    holdBackground(5);
    expect(backgroundHeldFor()).toBeGreaterThan(30);
    const stepTimes: number[] = [];
    function* steps() {
      stepTimes.push(performance.now());
      yield;
      stepTimes.push(performance.now());
      return 'done';
    }
    const done = stepsInTasks(steps());
    expect(stepTimes).toEqual([]);
    await expect(done).resolves.toBe('done');
    expect(stepTimes[0]).toBeGreaterThanOrEqual(heldAt + 39);
    expect(backgroundHeldFor()).toBe(0);
  });
});
