/**
 * About a screenful of pretty text: what the page prints from the payload's start before the
 * worker answers, so the first paint does not wait for the worker.
 */
export const FIRST_SCREEN_CHARS = 12_000;
