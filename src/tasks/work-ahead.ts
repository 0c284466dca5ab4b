/**
 * Work done ahead of need (fonts laid out, the views' code run once) is worth doing only before
 * the need: once the page opens its first call, that call's own rendering matches the fonts and
 * runs the code it uses, and a warm-up step meanwhile only takes a core, or the browser's answers
 * to font questions, from it. Warm-ups ask `workAheadEnded()` before each step and stop for good.
 */
let ended = false;

/** The page opens a call: work ahead of need stops. @example endWorkAhead() */
export function endWorkAhead(): void {
  ended = true;
}

/** True once the page has opened a call. */
export function workAheadEnded(): boolean {
  return ended;
}
