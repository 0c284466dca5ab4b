import { describe, expect, it } from 'vitest';
import { StreamRunner, toRowResult, type StreamOutcome } from './stream-runner.ts';
import type { BulkItem } from './bulk-runner.ts';
import { fakeClock } from './fake-clock.test-helper.ts';

interface Row extends BulkItem {
  rowNumber: number;
}

async function* rowsOf(n: number, pulled?: { count: number }): AsyncGenerator<Row> {
  for (let i = 1; i <= n; i++) {
    if (pulled) pulled.count = i;
    yield { rowNumber: i, ServiceURI: `https://media.example/${i}`, MediaType: 'image' };
  }
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function collect() {
  const settled: Array<[number, StreamOutcome]> = [];
  return {
    settled,
    onRowSettled: (row: Row, outcome: StreamOutcome) => settled.push([row.rowNumber, outcome]),
  };
}

const http503 = (retryAfter?: string) =>
  Object.assign(new Error('HTTP 503'), {
    name: 'HttpError',
    status: 503,
    exchange: {
      response: { status: 503, headers: retryAfter ? { 'retry-after': retryAfter } : {} },
    },
  });

describe('StreamRunner', () => {
  it('gives the same snapshot until something changes, then a new one with the change', async () => {
    const runner = new StreamRunner<Row>({
      rows: rowsOf(3),
      register: async () => 'id',
      concurrency: 2,
    });
    const first = runner.snapshot();
    expect(runner.snapshot()).toBe(first);
    runner.setConcurrency(5);
    const second = runner.snapshot();
    expect(second).not.toBe(first);
    expect(second.concurrency).toBe(5);
    expect(second.version).toBeGreaterThan(first.version);
    expect(first.concurrency).toBe(2);
    const end = await runner.run();
    expect(end).toBe(runner.snapshot());
    expect(end.counts).toMatchObject({ read: 3, succeeded: 3, inFlight: 0 });
    expect(end.phase).toBe('finished');
  });

  it('sends every row once, never more than the limit at once, and pulls only as slots free', async () => {
    let active = 0;
    let maxActive = 0;
    let maxAhead = 0;
    const pulled = { count: 0 };
    const { settled, onRowSettled } = collect();
    const runner = new StreamRunner<Row>({
      rows: rowsOf(500, pulled),
      concurrency: 8,
      onRowSettled,
      register: async (item) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        maxAhead = Math.max(maxAhead, pulled.count - settled.length);
        await tick();
        active -= 1;
        return `id-${item.ServiceURI}`;
      },
    });
    const end = await runner.run();
    expect(end.phase).toBe('finished');
    expect(end.counts).toMatchObject({ read: 500, succeeded: 500, inFlight: 0 });
    expect(maxActive).toBe(8);
    expect(maxAhead).toBeLessThanOrEqual(8);
    expect(new Set(settled.map(([n]) => n)).size).toBe(500);
  });

  it('retries a 503 after its Retry-After, and keeps the reason', async () => {
    const clock = fakeClock();
    let calls = 0;
    const { settled, onRowSettled } = collect();
    const runner = new StreamRunner<Row>({
      rows: rowsOf(1),
      clock,
      onRowSettled,
      register: () => {
        calls += 1;
        return calls < 3 ? Promise.reject(http503('2')) : Promise.resolve('42');
      },
    });
    const done = runner.run();
    await clock.advance(1999);
    expect(calls).toBe(1);
    await clock.advance(2);
    expect(calls).toBe(2);
    await clock.advance(2000);
    await done;
    expect(settled[0]?.[1]).toMatchObject({
      state: 'succeeded',
      value: '42',
      attempts: 3,
      retryReason: 'busy',
    });
    expect(runner.snapshot().counts.retries).toBe(2);
  });

  it('gives up after the bounded retries, with the last error and reason', async () => {
    const { settled, onRowSettled } = collect();
    const runner = new StreamRunner<Row>({
      rows: rowsOf(1),
      retries: 2,
      retryPolicy: { baseDelayMs: 1 },
      onRowSettled,
      register: () =>
        Promise.reject(Object.assign(new Error('no answer'), { name: 'TimeoutError' })),
    });
    await runner.run();
    expect(settled[0]?.[1]).toMatchObject({
      state: 'failed',
      error: 'no answer',
      attempts: 3,
      retryReason: 'timeout',
    });
  });

  it('a failure after retries says so in its result', () => {
    expect(
      toRowResult({
        state: 'failed',
        value: null,
        error: 'HTTP 503',
        attempts: 4,
        retryReason: 'busy',
        durationMs: 3,
      }).error,
    ).toBe('HTTP 503 (after 4 attempts; the service was busy (503))');
  });

  it('does not retry an answer the service gave on purpose', async () => {
    let calls = 0;
    const { settled, onRowSettled } = collect();
    await new StreamRunner<Row>({
      rows: rowsOf(1),
      onRowSettled,
      register: () => (calls++, Promise.resolve('ERROR: duplicate')),
    }).run();
    expect(calls).toBe(1);
    expect(settled[0]?.[1]).toMatchObject({ state: 'failed', value: 'ERROR: duplicate' });
  });

  it('keeps to the rate', async () => {
    const clock = fakeClock();
    let calls = 0;
    const runner = new StreamRunner<Row>({
      rows: rowsOf(100),
      rate: 10,
      concurrency: 16,
      clock,
      register: async () => (calls++, 'ok'),
    });
    const done = runner.run();
    await clock.advance(1000);
    expect(calls).toBeGreaterThanOrEqual(19);
    expect(calls).toBeLessThanOrEqual(21);
    runner.cancel();
    await clock.advance(1000);
    await done;
  });

  it('stops by itself when the first rows all fail the same way, leaving the rest unread', async () => {
    const pulled = { count: 0 };
    let calls = 0;
    const runner = new StreamRunner<Row>({
      rows: rowsOf(1000, pulled),
      concurrency: 32,
      register: async () => (calls++, 'ERROR: the key is not valid'),
    });
    const end = await runner.run();
    expect(end.phase).toBe('stopped');
    expect(calls).toBe(10);
    expect(pulled.count).toBeLessThan(1000);
    expect(end.stopReason).toContain('the key is not valid');
  });

  it('stop lets calls in flight finish; cancel aborts them', async () => {
    const { settled, onRowSettled } = collect();
    const runner = new StreamRunner<Row>({
      rows: rowsOf(100),
      concurrency: 4,
      sameFailureLimit: 0,
      onRowSettled,
      register: (_item, signal) =>
        new Promise<string>((resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason));
          setTimeout(() => resolve('ok'), 5);
        }),
    });
    const done = runner.run();
    await tick();
    runner.stop('Ctrl-C');
    const end = await done;
    expect(end).toMatchObject({ phase: 'stopped', stopReason: 'Ctrl-C' });
    expect(end.counts.succeeded).toBe(4);

    const second = collect();
    const hard = new StreamRunner<Row>({
      rows: rowsOf(100),
      concurrency: 4,
      onRowSettled: second.onRowSettled,
      register: (_item, signal) =>
        new Promise<string>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        ),
    });
    const hardDone = hard.run();
    await tick();
    hard.cancel();
    const hardEnd = await hardDone;
    expect(hardEnd.phase).toBe('cancelled');
    expect(second.settled.map(([, o]) => o.state)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(settled.length).toBe(4);
  });

  it('pause holds new rows until resume', async () => {
    let calls = 0;
    const runner = new StreamRunner<Row>({
      rows: rowsOf(20),
      concurrency: 2,
      register: async () => (calls++, await tick(), 'ok'),
    });
    const done = runner.run();
    await tick();
    runner.pause();
    const atPause = calls;
    for (let i = 0; i < 5; i++) await tick();
    expect(calls).toBe(atPause);
    runner.resume();
    expect((await done).counts.succeeded).toBe(20);
  });

  it('in adaptive mode halves the limit on overload', async () => {
    let calls = 0;
    const runner = new StreamRunner<Row>({
      rows: rowsOf(40),
      concurrency: 16,
      adaptive: true,
      retries: 0,
      sameFailureLimit: 0,
      register: async () => {
        const call = ++calls;
        await tick();
        if (call === 5) throw http503();
        return 'ok';
      },
    });
    const limits: number[] = [];
    runner.subscribe(() => limits.push(runner.snapshot().concurrency));
    await runner.run();
    expect(Math.min(...limits)).toBe(8);
  });
});
