/**
 * Resolves after the event loop has had a turn (a macrotask): rendering, input and other
 * messages run in between, which a resolved promise (a microtask) would not allow. Long work
 * cut into slices awaits it between slices.
 * @example for (const slice of slices) { work(slice); await nextTurn(); }
 */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
