/**
 * Runs a comparison in a dedicated worker (terminated after each answer, so a cancelled or
 * superseded comparison stops at once); in-thread where Worker is missing (tests).
 */
import type { CompareOptions } from '../../xml/compare/compare-xml.ts';
import { callWorker, localCalls } from '../worker-call.ts';
import type { CompareApi, CompareResponse } from './compare-protocol.ts';
import { compareApi } from './run-compare.ts';

let nextId = 1;

/** @example const { comparison } = await compareInWorker(a, b, {}, true, signal); */
export async function compareInWorker(
  left: string,
  right: string,
  options: CompareOptions,
  withText: boolean,
  signal?: AbortSignal,
): Promise<CompareResponse> {
  const request = { id: nextId++, left, right, options, withText };
  if (typeof Worker === 'undefined') return localCalls(compareApi).compare(request);
  const worker = callWorker<CompareApi>(
    new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' }),
    { describeFailure: (detail) => detail || 'The compare worker failed.' },
  );
  const stop = () => worker.stop(new DOMException('The comparison was cancelled.', 'AbortError'));
  signal?.addEventListener('abort', stop, { once: true });
  try {
    return await worker.calls.compare(request);
  } finally {
    signal?.removeEventListener('abort', stop);
    worker.stop();
  }
}
