// npm run bench -- workers
// The cost of crossing to a Web Worker in Chromium, through the console's one worker-call helper
// (src/workers/worker-call.ts, on Comlink) and, as the same-run baseline, through a hand-written
// layer of the kind each worker used to have (a request id, a Map of pending promises, a switch
// on the message's type). Per round, both in turn:
// - a small call (a number there and back), 1,000 awaited one after another;
// - a 10 MB ArrayBuffer sent and sent back, transferred both ways (and, for scale, copied);
// - a call that streams 1,000 events back before its answer (the viewer's progress reports).
import { fileURLToPath } from 'node:url';
import { blankPage, bundleScript, launchChromium, requireChromium } from './support/chromium.ts';
import { median } from './support/median.ts';

const ROUNDS = 7;
const SMALL_CALLS = 1_000;
const BUFFER_BYTES = 10 * 1024 * 1024;
const BUFFER_TRIPS = 20;
const EVENTS = 1_000;

const root = fileURLToPath(new URL('..', import.meta.url));

/** One script (IIFE) from TypeScript source that may import the console's modules. */
const bundle = (contents: string) => bundleScript(contents, root, 'workers-bench-entry.ts');

const helperWorker = await bundle(`
  import { serveCalls, transfer } from './src/workers/worker-call.ts';
  serveCalls({
    echo: (value: number) => value,
    bounce: (buffer: ArrayBuffer) => transfer(buffer, [buffer]),
    bounceCopy: (buffer: ArrayBuffer) => buffer,
    stream(count: number, onEvent: (i: number) => void) {
      for (let i = 0; i < count; i++) onEvent(i);
      return count;
    },
  });
`);

const handWrittenWorker = await bundle(`
  type Message =
    | { type: 'echo'; requestId: number; value: number }
    | { type: 'bounce'; requestId: number; buffer: ArrayBuffer; copy: boolean }
    | { type: 'stream'; requestId: number; count: number };
  const scope = self as unknown as {
    postMessage(message: unknown, transfer?: Transferable[]): void;
    onmessage: ((event: MessageEvent<Message>) => void) | null;
  };
  scope.onmessage = (event) => {
    const message = event.data;
    switch (message.type) {
      case 'echo':
        scope.postMessage({ requestId: message.requestId, value: message.value });
        break;
      case 'bounce':
        scope.postMessage(
          { requestId: message.requestId, value: message.buffer },
          message.copy ? [] : [message.buffer],
        );
        break;
      case 'stream':
        for (let i = 0; i < message.count; i++) scope.postMessage({ type: 'event', i });
        scope.postMessage({ requestId: message.requestId, value: message.count });
        break;
    }
  };
`);

// The page's side of both: the helper itself, and the hand-written client.
const pageScript = await bundle(`
  import { callWorker, proxy, transfer } from './src/workers/worker-call.ts';

  function workerFrom(source: string): Worker {
    return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  }

  interface Layer {
    echo(value: number): Promise<number>;
    bounce(buffer: ArrayBuffer, copy: boolean): Promise<ArrayBuffer>;
    stream(count: number, onEvent: (i: number) => void): Promise<number>;
  }

  interface HelperApi {
    echo(value: number): number;
    bounce(buffer: ArrayBuffer): ArrayBuffer;
    bounceCopy(buffer: ArrayBuffer): ArrayBuffer;
    stream(count: number, onEvent: (i: number) => void): number;
  }

  function helperLayer(source: string): Layer {
    const { calls } = callWorker<HelperApi>(workerFrom(source), { describeFailure: (d) => d });
    return {
      echo: (value) => calls.echo(value),
      bounce: (buffer, copy) =>
        copy ? calls.bounceCopy(buffer) : calls.bounce(transfer(buffer, [buffer])),
      stream: (count, onEvent) => calls.stream(count, proxy(onEvent)),
    };
  }

  function handWrittenLayer(source: string): Layer {
    const worker = workerFrom(source);
    const pending = new Map<number, (value: unknown) => void>();
    let onEvent: ((i: number) => void) | null = null;
    let nextId = 1;
    worker.onmessage = (event: MessageEvent) => {
      const message = event.data;
      if (message.type === 'event') {
        onEvent?.(message.i);
        return;
      }
      const resolve = pending.get(message.requestId);
      pending.delete(message.requestId);
      resolve?.(message.value);
    };
    const request = <T>(message: object, transferList: Transferable[] = []) =>
      new Promise<T>((resolve) => {
        const requestId = nextId++;
        pending.set(requestId, resolve as (value: unknown) => void);
        worker.postMessage({ ...message, requestId }, transferList);
      });
    return {
      echo: (value) => request({ type: 'echo', value }),
      bounce: (buffer, copy) =>
        request({ type: 'bounce', buffer, copy }, copy ? [] : [buffer]),
      stream: (count, listener) => {
        onEvent = listener;
        return request({ type: 'stream', count });
      },
    };
  }

  async function time(run: () => Promise<unknown>): Promise<number> {
    const started = performance.now();
    await run();
    return performance.now() - started;
  }

  async function measure(layer: Layer, sizes: { calls: number; bytes: number; trips: number; events: number }) {
    const smallMs = await time(async () => {
      for (let i = 0; i < sizes.calls; i++) await layer.echo(i);
    });
    let buffer = new ArrayBuffer(sizes.bytes);
    const transferMs = await time(async () => {
      for (let i = 0; i < sizes.trips; i++) buffer = await layer.bounce(buffer, false);
    });
    const copyMs = await time(async () => {
      for (let i = 0; i < sizes.trips; i++) buffer = await layer.bounce(buffer, true);
    });
    if (buffer.byteLength !== sizes.bytes) throw new Error('the buffer came back ' + buffer.byteLength + ' bytes');
    let received = 0;
    const streamMs = await time(async () => {
      await layer.stream(sizes.events, () => (received += 1));
      // Events on a proxy's port may trail the answer on the worker's: wait for the last.
      while (received < sizes.events) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    return {
      smallUs: (smallMs * 1000) / sizes.calls,
      transferMs: transferMs / sizes.trips,
      copyMs: copyMs / sizes.trips,
      streamMs,
    };
  }

  Object.assign(globalThis, {
    workersBench: async (
      sources: { helper: string; handWritten: string },
      sizes: { calls: number; bytes: number; trips: number; events: number; rounds: number },
    ) => {
      const helper = helperLayer(sources.helper);
      const handWritten = handWrittenLayer(sources.handWritten);
      // Both workers loaded and their paths compiled before anything is timed.
      const warm = { calls: 200, bytes: 1024, trips: 20, events: 200 };
      await measure(helper, warm);
      await measure(handWritten, warm);
      const rounds = [];
      for (let round = 0; round < sizes.rounds; round++) {
        const first = round % 2 === 0;
        const a = await measure(first ? helper : handWritten, sizes);
        const b = await measure(first ? handWritten : helper, sizes);
        rounds.push(first ? { helper: a, handWritten: b } : { helper: b, handWritten: a });
      }
      return rounds;
    },
  });
`);

interface Figures {
  smallUs: number;
  transferMs: number;
  copyMs: number;
  streamMs: number;
}

const browser = await launchChromium(await requireChromium());
try {
  const page = await blankPage(browser, 'workers');
  await page.addScriptTag({ content: pageScript });
  const rounds = (await page.evaluate(
    ([sources, sizes]) =>
      (
        globalThis as unknown as {
          workersBench: (s: typeof sources, z: typeof sizes) => Promise<unknown>;
        }
      ).workersBench(sources, sizes),
    [
      { helper: helperWorker, handWritten: handWrittenWorker },
      {
        calls: SMALL_CALLS,
        bytes: BUFFER_BYTES,
        trips: BUFFER_TRIPS,
        events: EVENTS,
        rounds: ROUNDS,
      },
    ] as const,
  )) as Array<{ helper: Figures; handWritten: Figures }>;

  const of = (layer: 'helper' | 'handWritten', figure: keyof Figures) =>
    median(rounds.map((round) => round[layer][figure]));
  const rows: Array<[string, keyof Figures, string, number]> = [
    [`small call, ${SMALL_CALLS} in a row`, 'smallUs', 'µs per call', 1],
    [`10 MB ArrayBuffer there and back, transferred`, 'transferMs', 'ms per round trip', 3],
    [`10 MB ArrayBuffer there and back, copied`, 'copyMs', 'ms per round trip', 2],
    [`${EVENTS} streamed events and the answer`, 'streamMs', 'ms per call', 1],
  ];
  console.log(
    `Worker calls in Chromium, median of ${ROUNDS} rounds (worker-call on Comlink vs hand-written postMessage)`,
  );
  for (const [label, figure, unit, digits] of rows) {
    const helper = of('helper', figure);
    const handWritten = of('handWritten', figure);
    console.log(
      `  ${label.padEnd(48)} worker-call ${helper.toFixed(digits).padStart(8)}   hand-written ${handWritten.toFixed(digits).padStart(8)}   ${unit} (×${(helper / handWritten).toFixed(2)})`,
    );
  }
} finally {
  await browser.close();
}
