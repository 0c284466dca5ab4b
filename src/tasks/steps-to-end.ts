/**
 * Runs work written as steps (a generator that yields between them) to its end at once, for a
 * caller that cannot wait for the steps to be spread over tasks.
 *
 * @example const ranks = stepsToEnd(rowRanksInSteps(values));
 */
export function stepsToEnd<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
