/**
 * Background work in a worker, cut so that the page's requests never wait long behind it: work
 * written as steps (a generator that yields between them, as for stepsToEnd) runs step after
 * step while a task lasts less than `budgetMs`, then the next task is queued behind the messages
 * already waiting (queueTask). A search, the lines of a scroll or a sort that arrives while the
 * work runs waits for one task at most, whatever the payload's size and however slow the first,
 * still cold, steps are. While the page holds background work (holdBackground), no step runs.
 */
import { queueTask } from './next-turn.ts';

/** Milliseconds of background work per task: what a request arriving meanwhile may wait. */
export const BACKGROUND_TASK_MS = 8;

/** Until when (performance.now() time) background work gives way: see holdBackground. */
let heldUntil = 0;

/**
 * Holds background work for `ms` from `now` (longer if it is held longer already): the page is
 * busy drawing frames (a scroll), and on a machine with few cores each background task takes a
 * core its frames need. A task under way finishes; the next waits until the hold ends. A
 * request still runs at once.
 */
export function holdBackground(ms: number, now = performance.now()): void {
  heldUntil = Math.max(heldUntil, now + ms);
}

/** How much longer background work gives way (0: it is not held). */
export function backgroundHeldFor(now = performance.now()): number {
  return Math.max(0, heldUntil - now);
}

/**
 * Runs `steps` to its end: the first steps at once (unless background work is held), the rest in
 * tasks of about `budgetMs` each.
 * Resolves with the generator's result; rejects with what a step threw.
 * @example const table = await stepsInTasks(recordTableInSteps(xml, index));
 */
export function stepsInTasks<T>(
  steps: Generator<void, T, void>,
  budgetMs = BACKGROUND_TASK_MS,
  now: () => number = () => performance.now(),
): Promise<T> {
  return new Promise((resolve, reject) => {
    const task = (): void => {
      try {
        // On the real clock: `now` measures the budget (tests step it).
        const held = backgroundHeldFor();
        if (held > 0) {
          setTimeout(task, held);
          return;
        }
        const started = now();
        do {
          const step = steps.next();
          if (step.done) {
            resolve(step.value);
            return;
          }
        } while (now() - started < budgetMs);
        queueTask(task);
      } catch (error) {
        reject(error);
      }
    };
    task();
  });
}
