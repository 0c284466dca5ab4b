/**
 * The runner's safeguards: a run whose first rows all fail the same way stops by itself, and
 * `maxFailures` stops a run after that many failed rows; in both, rows in flight finish and are
 * recorded, nothing new starts, and the unsent rows stay pending for a later start.
 */
import { describe, expect, it } from 'vitest';
import { BulkRunner, NOT_SENT_STOPPED, type BulkItem, type RegisterFn } from './bulk-runner.ts';
import { SAME_FAILURE_LIMIT } from './run-safeguards.ts';

function items(n: number): BulkItem[] {
  return Array.from({ length: n }, (_, i) => ({
    ServiceURI: `https://media.example/${i}`,
    MediaType: 'image',
  }));
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Answers each row with `answer(rowIndex)` after a turn, counting calls and the most at once. */
function countingRegister(answer: (index: number) => string | Error) {
  let calls = 0;
  let active = 0;
  let maxActive = 0;
  const register: RegisterFn = async (item) => {
    calls += 1;
    active += 1;
    maxActive = Math.max(maxActive, active);
    await tick();
    active -= 1;
    const outcome = answer(Number(item.ServiceURI.split('/').at(-1)));
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  return { register, calls: () => calls, maxActive: () => maxActive };
}

describe('BulkRunner safeguards', () => {
  it('stops a run whose first rows all fail the same way, sending no more than the limit even at concurrency 64', async () => {
    const wrongKey = countingRegister(() => 'ERROR: OpenIDKey is not recognised');
    const runner = new BulkRunner({
      items: items(1000),
      concurrency: 64,
      register: wrongKey.register,
    });
    runner.start();
    await runner.whenSettled();
    const snapshot = runner.snapshot();
    expect(wrongKey.calls()).toBe(SAME_FAILURE_LIMIT);
    expect(snapshot.phase).toBe('stopped');
    expect(snapshot.counts).toMatchObject({ failed: SAME_FAILURE_LIMIT, pending: 990, running: 0 });
    expect(snapshot.stopReason).toContain('“ERROR: OpenIDKey is not recognised”');
    expect(snapshot.stopReason).toContain(`first ${SAME_FAILURE_LIMIT} rows`);
    expect(runner.result(999)).toMatchObject({ state: 'pending', error: NOT_SENT_STOPPED });
  });

  it('stops on the same thrown failure (a fault, an HTTP error) as on the same ERROR answer', async () => {
    const fault = countingRegister(
      () => new Error('The service raised a SOAP fault · Reason: boom'),
    );
    const runner = new BulkRunner({ items: items(200), concurrency: 8, register: fault.register });
    runner.start();
    await runner.whenSettled();
    expect(runner.snapshot().phase).toBe('stopped');
    expect(fault.calls()).toBe(SAME_FAILURE_LIMIT);
    expect(runner.snapshot().stopReason).toContain('SOAP fault · Reason: boom');
  });

  it('goes on when the first rows fail in different ways or one succeeds, then uses full concurrency', async () => {
    const mixed = countingRegister((i) => (i < 9 ? `ERROR: row ${i} refused` : `id-${i}`));
    const runner = new BulkRunner({ items: items(100), concurrency: 16, register: mixed.register });
    runner.start();
    await runner.whenSettled();
    expect(runner.snapshot().phase).toBe('finished');
    expect(mixed.calls()).toBe(100);
    expect(mixed.maxActive()).toBe(16);

    const oneGood = countingRegister((i) => (i === 3 ? 'id-3' : 'ERROR: MediaType is required'));
    const second = new BulkRunner({ items: items(40), concurrency: 4, register: oneGood.register });
    second.start();
    await second.whenSettled();
    expect(second.snapshot().phase).toBe('finished');
    expect(oneGood.calls()).toBe(40);
  });

  it('maxFailures stops after that many failed rows; rows in flight finish and are recorded', async () => {
    // Failures of different causes, so only maxFailures can stop the run.
    const failing = countingRegister((i) => (i % 2 === 0 ? `id-${i}` : `ERROR: row ${i}`));
    const settled: number[] = [];
    const runner = new BulkRunner({
      items: items(100),
      concurrency: 4,
      maxFailures: 5,
      register: failing.register,
      onRowSettled: (index) => settled.push(index),
    });
    runner.start();
    await runner.whenSettled();
    const { counts, phase, stopReason } = runner.snapshot();
    expect(phase).toBe('stopped');
    expect(stopReason).toContain('5 rows failed, the most this job allows');
    expect(counts.failed).toBeGreaterThanOrEqual(5);
    // Rows already sent when the fifth failure came back finish: at most concurrency − 1 more.
    expect(counts.succeeded + counts.failed).toBeLessThanOrEqual(10 + 3);
    expect(counts.running).toBe(0);
    expect(settled).toHaveLength(counts.succeeded + counts.failed);
    expect(failing.calls()).toBe(counts.succeeded + counts.failed);
  });

  it('a stopped job goes on with start(): the unsent rows are sent and the safeguards begin again', async () => {
    let keyFixed = false;
    const service = countingRegister((i) =>
      keyFixed ? `id-${i}` : 'ERROR: OpenIDKey is not recognised',
    );
    const runner = new BulkRunner({ items: items(50), concurrency: 4, register: service.register });
    runner.start();
    await runner.whenSettled();
    expect(runner.snapshot().phase).toBe('stopped');
    keyFixed = true;
    runner.start();
    await runner.whenSettled();
    expect(runner.snapshot()).toMatchObject({ phase: 'finished', stopReason: null });
    expect(runner.snapshot().counts).toMatchObject({ succeeded: 40, failed: 10, pending: 0 });
    runner.retryFailed();
    await runner.whenSettled();
    expect(runner.snapshot().counts).toMatchObject({ succeeded: 50, failed: 0 });
    expect(service.calls()).toBe(60);
  });

  it('sameFailureLimit 0 turns the same-failure rule off', async () => {
    const wrongKey = countingRegister(() => 'ERROR: OpenIDKey is not recognised');
    const runner = new BulkRunner({
      items: items(30),
      concurrency: 4,
      sameFailureLimit: 0,
      register: wrongKey.register,
    });
    runner.start();
    await runner.whenSettled();
    expect(runner.snapshot().phase).toBe('finished');
    expect(wrongKey.calls()).toBe(30);
  });
});
