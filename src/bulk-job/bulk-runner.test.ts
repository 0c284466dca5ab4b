import { describe, expect, it } from 'vitest';
import {
  BulkRunner,
  SKIPPED,
  clampConcurrency,
  type BulkItem,
  type RegisterFn,
} from './bulk-runner.ts';

function items(n: number): BulkItem[] {
  return Array.from({ length: n }, (_, i) => ({
    ServiceURI: `https://media.example/${i}`,
    MediaType: 'image',
  }));
}

interface Call {
  item: BulkItem;
  signal: AbortSignal;
  resolve(value: string): void;
  reject(error: unknown): void;
}

/** A register function whose calls the test answers by hand. */
function manualRegister() {
  const calls: Call[] = [];
  let active = 0;
  let maxActive = 0;
  const register: RegisterFn = (item, signal) =>
    new Promise<string>((resolve, reject) => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      const done = () => (active -= 1);
      calls.push({
        item,
        signal,
        resolve: (v) => (done(), resolve(v)),
        reject: (e) => (done(), reject(e)),
      });
      signal.addEventListener('abort', () => (done(), reject(signal.reason)), { once: true });
    });
  return { calls, register, maxActive: () => maxActive, active: () => active };
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('BulkRunner', () => {
  it('sends every row once with at most `concurrency` calls at a time', async () => {
    const seen: string[] = [];
    let active = 0;
    let maxActive = 0;
    const runner = new BulkRunner({
      items: items(25),
      concurrency: 3,
      register: async (item) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await tick();
        active -= 1;
        seen.push(item.ServiceURI);
        return `ID-${item.ServiceURI.split('/').pop()}`;
      },
    });
    runner.start();
    await runner.whenSettled();
    expect(maxActive).toBe(3);
    expect(new Set(seen).size).toBe(25);
    expect(runner.snapshot().phase).toBe('finished');
    expect(runner.snapshot().counts.succeeded).toBe(25);
    expect(runner.result(7)).toMatchObject({ state: 'succeeded', value: 'ID-7', attempts: 1 });
  });

  it('counts an ERROR answer and a thrown error as failures, with their words', async () => {
    const runner = new BulkRunner({
      items: items(3),
      register: async (item) => {
        if (item.ServiceURI.endsWith('/1')) return 'ERROR: unknown key';
        if (item.ServiceURI.endsWith('/2')) throw new Error('socket hang up');
        return '42';
      },
      describeError: (e) => `Network failure: ${(e as Error).message}`,
    });
    runner.start();
    await runner.whenSettled();
    expect(runner.allResults().map((r) => r.state)).toEqual(['succeeded', 'failed', 'failed']);
    expect(runner.result(1)).toMatchObject({ value: 'ERROR: unknown key' });
    expect(runner.result(2)).toMatchObject({
      value: null,
      error: 'Network failure: socket hang up',
    });
    expect(runner.snapshot().counts).toMatchObject({ succeeded: 1, failed: 2 });
  });

  it('never sends skipped rows', async () => {
    const sent: string[] = [];
    const runner = new BulkRunner({
      items: items(3),
      initialResults: [SKIPPED],
      register: async (item) => (sent.push(item.ServiceURI), 'ok'),
    });
    runner.start();
    await runner.whenSettled();
    expect(sent).toEqual(['https://media.example/1', 'https://media.example/2']);
    expect(runner.result(0).state).toBe('skipped');
  });

  it('pauses: starts nothing new until resumed, and lets calls in flight finish', async () => {
    const fake = manualRegister();
    const runner = new BulkRunner({ items: items(6), concurrency: 2, register: fake.register });
    runner.start();
    await tick();
    expect(fake.calls).toHaveLength(2);
    runner.pause();
    fake.calls[0]?.resolve('a');
    fake.calls[1]?.resolve('b');
    await runner.whenSettled();
    expect(runner.snapshot().phase).toBe('paused');
    expect(fake.calls).toHaveLength(2);
    expect(runner.snapshot().counts).toMatchObject({ succeeded: 2, pending: 4 });
    runner.resume();
    await tick();
    expect(fake.calls).toHaveLength(4);
  });

  it('cancels: aborts the calls in flight and keeps unsent rows for a later start', async () => {
    const fake = manualRegister();
    const runner = new BulkRunner({ items: items(5), concurrency: 2, register: fake.register });
    runner.start();
    await tick();
    runner.cancel();
    expect(fake.calls.every((c) => c.signal.aborted)).toBe(true);
    await runner.whenSettled();
    expect(runner.snapshot().phase).toBe('cancelled');
    expect(runner.snapshot().counts).toMatchObject({ cancelled: 2, pending: 3, running: 0 });
    // A late answer to an aborted call changes nothing.
    fake.calls[0]?.resolve('late');
    await tick();
    expect(runner.result(0).state).toBe('cancelled');

    runner.start();
    await tick();
    for (const call of fake.calls.slice(2)) call.resolve('ok');
    await tick();
    for (const call of fake.calls.slice(4)) call.resolve('ok');
    await tick();
    for (const call of fake.calls.slice(6)) call.resolve('ok');
    await runner.whenSettled();
    expect(fake.calls).toHaveLength(7);
    expect(runner.snapshot().counts.succeeded).toBe(5);
    expect(runner.result(0).attempts).toBe(2);
  });

  it('retries only the failed rows', async () => {
    let failNext = true;
    const sent: number[] = [];
    const runner = new BulkRunner({
      items: items(4),
      register: async (item) => {
        const n = Number(item.ServiceURI.split('/').pop());
        sent.push(n);
        if (failNext && n % 2 === 1) throw new Error('busy');
        return `ID${n}`;
      },
    });
    runner.start();
    await runner.whenSettled();
    expect(runner.snapshot().counts.failed).toBe(2);
    failNext = false;
    sent.length = 0;
    runner.retryFailed();
    await runner.whenSettled();
    expect(sent.sort()).toEqual([1, 3]);
    expect(runner.snapshot().counts.succeeded).toBe(4);
    expect(runner.result(3)).toMatchObject({ value: 'ID3', error: null, attempts: 2 });
  });

  it('changes concurrency while running', async () => {
    const fake = manualRegister();
    const runner = new BulkRunner({ items: items(10), concurrency: 1, register: fake.register });
    runner.start();
    await tick();
    expect(fake.active()).toBe(1);
    runner.setConcurrency(5);
    await tick();
    expect(fake.active()).toBe(5);
    expect(runner.snapshot().concurrency).toBe(5);
    runner.cancel();
  });

  it('survives a register function that throws synchronously and a listener that throws', async () => {
    const runner = new BulkRunner({
      items: items(2),
      register: () => {
        throw new TypeError('bad');
      },
    });
    runner.subscribe(() => {
      throw new Error('listener bug');
    });
    const quiet = console.error;
    console.error = () => {};
    try {
      runner.start();
      await runner.whenSettled();
    } finally {
      console.error = quiet;
    }
    expect(runner.snapshot().counts.failed).toBe(2);
    expect(runner.result(0).error).toBe('bad');
  });

  it('restores saved results: a row that was in flight counts as not sent', () => {
    const runner = new BulkRunner({
      items: items(3),
      register: async () => 'x',
      initialResults: [
        { state: 'succeeded', value: '1', error: null, attempts: 1, durationMs: 3 },
        { state: 'running', value: null, error: null, attempts: 1, durationMs: null },
      ],
    });
    expect(runner.snapshot().phase).toBe('cancelled');
    expect(runner.snapshot().counts).toMatchObject({ succeeded: 1, cancelled: 1, pending: 1 });
  });

  it('clamps concurrency to 1–64', () => {
    expect([0, 1, 4.4, 8, 99, Number.NaN].map(clampConcurrency)).toEqual([1, 1, 4, 8, 64, 4]);
  });
});
