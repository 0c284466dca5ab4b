import { afterEach, describe, expect, it } from 'vitest';
import { FakeWorker } from './fake-worker.test-helper.ts';
import {
  callWorker,
  localCalls,
  proxy,
  transfer,
  WorkerFailure,
  type WorkerCalls,
} from './worker-call.ts';

interface TestApi {
  double(n: number): number;
  /** Returns the buffer it was sent, moved back. */
  echo(buffer: ArrayBuffer): ArrayBuffer;
  /** Reports each step to `onStep`, then answers. */
  count(steps: number, onStep: (step: number) => void): Promise<string>;
  fail(message: string): never;
  /** Never answers. */
  hang(): Promise<never>;
}

const api: TestApi = {
  double: (n) => n * 2,
  echo: (buffer) => transfer(buffer, [buffer]),
  async count(steps, onStep) {
    for (let step = 1; step <= steps; step++) onStep(step);
    return `counted ${steps}`;
  },
  fail(message) {
    throw new RangeError(message);
  },
  hang: () => new Promise<never>(() => undefined),
};

const started: FakeWorker[] = [];
function start(serve = true): [FakeWorker, WorkerCalls<TestApi>] {
  const worker = new FakeWorker(serve ? api : null);
  started.push(worker);
  const calls = callWorker<TestApi>(worker as unknown as Worker, {
    describeFailure: (detail) => detail || 'The test worker stopped.',
  });
  return [worker, calls];
}

afterEach(() => {
  for (const worker of started.splice(0)) worker.terminate();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('worker calls', () => {
  it('answers a call and says the worker is ready', async () => {
    const [, worker] = start();
    expect(await worker.calls.double(21)).toBe(42);
    expect(worker.ready).toBe(true);
  });

  it('moves a transferred buffer instead of copying it', async () => {
    const [, worker] = start();
    const buffer = new Uint8Array([1, 2, 3]).buffer;
    const back = await worker.calls.echo(transfer(buffer, [buffer]));
    expect(buffer.byteLength).toBe(0);
    expect([...new Uint8Array(back)]).toEqual([1, 2, 3]);
  });

  it('streams a proxied callback before the answer', async () => {
    const [, worker] = start();
    const steps: number[] = [];
    const answer = await worker.calls.count(
      3,
      proxy((step: number) => steps.push(step)),
    );
    await tick();
    expect(answer).toBe('counted 3');
    expect(steps).toEqual([1, 2, 3]);
  });

  it("rejects with the worker's error message", async () => {
    const [, worker] = start();
    await expect(worker.calls.fail('out of range')).rejects.toThrow('out of range');
  });

  it('rejects calls in flight and later ones with the reason it was stopped', async () => {
    const [fake, worker] = start();
    const hanging = worker.calls.hang();
    const reason = new Error('closed');
    worker.stop(reason);
    await expect(hanging).rejects.toBe(reason);
    await expect(worker.calls.double(1)).rejects.toBe(reason);
    expect(fake.terminated).toBe(true);
  });

  it('fails calls in flight when the worker crashes, telling whether its code had loaded', async () => {
    const [fake, worker] = start();
    await worker.calls.double(1);
    const hanging = worker.calls.hang();
    fake.crash('Uncaught Error: boom');
    const failure = await hanging.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WorkerFailure);
    expect((failure as WorkerFailure).message).toBe('Uncaught Error: boom');
    expect((failure as WorkerFailure).beforeReady).toBe(false);

    const [neverLoaded, silent] = start(false);
    const waiting = silent.calls.double(1);
    neverLoaded.crash('');
    const early = await waiting.catch((error: unknown) => error);
    expect((early as WorkerFailure).beforeReady).toBe(true);
    expect((early as WorkerFailure).message).toBe('The test worker stopped.');
  });

  it('runs the same calls in this thread where there is no worker', async () => {
    const calls = localCalls(api);
    expect(await calls.double(4)).toBe(8);
    const steps: number[] = [];
    expect(await calls.count(2, (step) => steps.push(step))).toBe('counted 2');
    expect(steps).toEqual([1, 2]);
    await expect(calls.fail('here')).rejects.toBeInstanceOf(RangeError);
  });

  it('is not a thenable', async () => {
    const [, worker] = start();
    expect(await Promise.resolve(worker.calls)).toBe(worker.calls);
  });
});
