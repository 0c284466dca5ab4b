/**
 * Background work in a worker, cut so that the page's requests never wait long behind it: work
 * written as steps (a generator that yields between them, as for stepsToEnd) runs step after
 * step while a task lasts less than `budgetMs`, then the next task is queued behind the messages
 * already waiting (queueTask). A search, the lines of a scroll or a sort that arrives while the
 * work runs waits for one task at most, whatever the payload's size and however slow the first,
 * still cold, steps are.
 */
import { queueTask } from './next-turn.ts';

/** Milliseconds of background work per task: what a request arriving meanwhile may wait. */
export const BACKGROUND_TASK_MS = 8;

/**
 * Runs `steps` to its end: the first steps at once, the rest in tasks of about `budgetMs` each.
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
