import { prettyHead } from '../../xml/pretty-head.ts';

/**
 * About a screenful of pretty text: what the page prints from the payload's start before the
 * worker answers, so the first paint does not wait for the worker.
 */
export const FIRST_SCREEN_CHARS = 12_000;

let last: { readonly text: string; readonly screen: string | null } | null = null;

/**
 * The first screen of pretty text of a payload's start (prettyHead), remembered for the last
 * text: the receiving view works it out from the head, and the viewer that replaces it once the
 * answer is in shows the same screen without working it out again in the render that mounts it.
 *
 * @example firstScreenOf(head) // the same string for the same head, computed once
 */
export function firstScreenOf(text: string): string | null {
  if (last?.text !== text) last = { text, screen: prettyHead(text, FIRST_SCREEN_CHARS) };
  return last.screen;
}
