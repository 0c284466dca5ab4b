import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { realClock, whenAborted } from './clock.ts';

const abortListeners = (signal: AbortSignal): number => getEventListeners(signal, 'abort').length;

describe('realClock.sleep', () => {
  it('sixteen sleeps on one signal add one abort listener, and all wake in time', async () => {
    const job = new AbortController();
    const sleeps = Array.from({ length: 16 }, () => realClock.sleep(5, job.signal));
    expect(abortListeners(job.signal)).toBe(1);
    await expect(Promise.all(sleeps)).resolves.toHaveLength(16);
    job.abort(new Error('late'));
  });

  it('an abort rejects every sleep on the signal with its reason, at once', async () => {
    const job = new AbortController();
    const started = performance.now();
    const sleeps = Array.from({ length: 12 }, () => realClock.sleep(60_000, job.signal));
    const reason = new Error('stopped');
    job.abort(reason);
    const settled = await Promise.allSettled(sleeps);
    expect(settled.every((s) => s.status === 'rejected' && s.reason === reason)).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('rejects at once on a signal aborted before', async () => {
    const job = new AbortController();
    job.abort(new Error('before'));
    await expect(realClock.sleep(60_000, job.signal)).rejects.toThrow('before');
  });
});

describe('whenAborted', () => {
  it('does not call a callback whose wait was stopped', () => {
    const job = new AbortController();
    const called: string[] = [];
    const stopFirst = whenAborted(job.signal, () => called.push('first'));
    whenAborted(job.signal, () => called.push('second'));
    stopFirst();
    job.abort();
    expect(called).toEqual(['second']);
  });
});
