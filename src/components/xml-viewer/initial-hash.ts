/**
 * The node deep link the page was opened with. The console rewrites its query string when a form
 * is submitted, which drops the hash before the viewer exists; the viewer's entry module imports
 * this file eagerly so the link is captured at start and handed to the first viewer that asks.
 */
import { hashParam, pathFromHash } from '../../xml/node-path.ts';

let pending: string | null =
  typeof window === 'undefined' ? null : pathFromHash(window.location.hash);
let pendingXPath: string | null =
  typeof window === 'undefined' ? null : hashParam(window.location.hash, 'xpath');

/** The captured path, once: later viewers read the live hash only. */
export function takeInitialHashPath(): string | null {
  const path = pending;
  pending = null;
  return path;
}

/** The captured XPath query (`#xpath=…`), once. */
export function takeInitialHashXPath(): string | null {
  const query = pendingXPath;
  pendingXPath = null;
  return query;
}
