/// <reference lib="webworker" />
/** The compare worker: parses and diffs two payloads off the page's thread. */
import type { CompareRequest } from './compare-protocol.ts';
import { runCompare } from './run-compare.ts';

self.onmessage = (event: MessageEvent<CompareRequest>) => {
  self.postMessage(runCompare(event.data));
};
