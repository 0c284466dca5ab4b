/**
 * Runs a comparison in a dedicated worker (terminated after each answer, so a cancelled or
 * superseded comparison stops at once); in-thread where Worker is missing (tests).
 */
import type { CompareOptions } from '../../xml/compare/compare-xml.ts';
import type { CompareResponse } from './compare-protocol.ts';
import { runCompare } from './run-compare.ts';

let nextId = 1;

/** @example const { comparison } = await compareInWorker(a, b, {}, true, signal); */
export function compareInWorker(
  left: string,
  right: string,
  options: CompareOptions,
  withText: boolean,
  signal?: AbortSignal,
): Promise<CompareResponse> {
  const request = { id: nextId++, left, right, options, withText };
  if (typeof Worker === 'undefined') return Promise.resolve(runCompare(request));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('The comparison was cancelled.', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<CompareResponse>) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'The compare worker failed.'));
    };
    worker.postMessage(request);
  });
}
