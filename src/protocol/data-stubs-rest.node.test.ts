/**
 * CallOptions.onDataStubsRest: the head and the parts passed on while the answer arrives are the
 * decoded DataStubs, however the body is cut into chunks, and `end` says whether they are.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCapture, REFERENCE_NAMESPACE } from '../../fixtures/captures.ts';
import {
  createInodeClient,
  DATA_STUBS_HEAD_CHARS,
  HEAD_SHOWN_WAIT_MS,
  type CallOptions,
  type DataStubsRestSink,
} from './index.ts';

const PARAMS = { OpenIDKey: 'alice', AssetType: 'image', OtherFilterCriteria: '' };

/** The reference server's SOAP 1.1 answer with `payload` as DataStubs' literal content. */
function answerWith(payload: string): Uint8Array {
  const body = loadCapture('get_soap11_success').response.body.toString('utf8');
  return new TextEncoder().encode(
    body.replace(/<DataStubs>[\s\S]*<\/DataStubs>/, `<DataStubs>${payload}</DataStubs>`),
  );
}

/** Records (characters, stubs) long enough for a head, with characters of 2, 3 and 4 bytes. */
function largePayload(records = Math.ceil((2 * DATA_STUBS_HEAD_CHARS) / 40)): string {
  let stubs = '';
  for (let i = 0; i < records; i++) stubs += `<Stub id="${i}">é €${i % 7 ? '' : '😀'}&amp;</Stub>`;
  return `<AssetStubs count="${records}">${stubs}</AssetStubs>`;
}

/**
 * A fetch answering with `body` in chunks of the given sizes (the last one repeated), failing
 * once `stopAfter` bytes are sent or the request is aborted; `sent` counts the bytes the stream
 * has given so far.
 */
function chunkedFetch(
  body: Uint8Array,
  sizes: number[],
  progress: { stopAfter?: number; sent?: number } = {},
) {
  return (_url: unknown, init?: RequestInit): Promise<Response> => {
    let offset = 0;
    let chunk = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (init?.signal?.aborted) {
          controller.error(new DOMException('The operation was aborted.', 'AbortError'));
          return;
        }
        if (progress.stopAfter !== undefined && offset >= progress.stopAfter) {
          controller.error(new TypeError('network error'));
          return;
        }
        const size = sizes[Math.min(chunk++, sizes.length - 1)] ?? 1;
        controller.enqueue(body.slice(offset, offset + size));
        offset += size;
        progress.sent = Math.min(offset, body.length);
        if (offset >= body.length) controller.close();
      },
    });
    return Promise.resolve(
      new Response(stream, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } }),
    );
  };
}

interface Received {
  head: string | null;
  parts: string[];
  ends: boolean[];
}

function recorder(): { received: Received; sink: DataStubsRestSink; onHead: (h: string) => void } {
  const received: Received = { head: null, parts: [], ends: [] };
  return {
    received,
    onHead: (head) => void (received.head = head),
    sink: {
      part: (text) => void received.parts.push(text),
      end: (complete) => void received.ends.push(complete),
    },
  };
}

async function call(body: Uint8Array, sizes: number[], stopAfter?: number) {
  const { received, sink, onHead } = recorder();
  const client = createInodeClient({
    baseUrl: 'http://service.test',
    binding: 'soap11',
    namespace: REFERENCE_NAMESPACE,
    fetch: chunkedFetch(body, sizes, stopAfter === undefined ? {} : { stopAfter }),
  });
  const result = client.getAssetStubs(PARAMS, {
    onDataStubsHead: onHead,
    onDataStubsRest: sink,
  });
  return { result, received };
}

describe('the rest of DataStubs, as it arrives', () => {
  const payload = largePayload();
  const body = answerWith(payload);

  it.each([
    ['one byte', [1]],
    ['7 bytes', [7]],
    ['4 KiB', [4096]],
    ['64 KiB', [65_536]],
    ['ragged', [5000, 1, 2, 3, 70_000, 13, 9999, 1, 65_536, 17]],
  ])('joins with the head into the decoded payload, in chunks of %s', async (_name, sizes) => {
    const { result, received } = await call(body, sizes);
    const { record } = await result;
    expect(received.head).not.toBeNull();
    expect(received.parts.length).toBeGreaterThan(0);
    expect((received.head ?? '') + received.parts.join('') === record.DataStubs).toBe(true);
    expect(received.parts.every((part) => part.length > 0)).toBe(true);
    expect(received.ends).toEqual([true]);
  });

  it('stops at the end tag, without the indentation before it, wherever a chunk cuts it', async () => {
    // HTTP GET and POST answers are indented: the decode leaves out the whitespace around.
    const indented = answerWith(`\n    ${payload}\n  \t`);
    const tagAt = Buffer.from(indented).indexOf('</DataStubs>');
    for (let cut = tagAt - 20; cut <= tagAt + 14; cut++) {
      const { result, received } = await call(indented, [cut, 3, 100_000]);
      const { record } = await result;
      // Compared as a boolean: a failure prints the cut, not the whole payload twice.
      const joined = (received.head ?? '') + received.parts.join('');
      expect({ cut, same: joined === record.DataStubs }).toEqual({ cut, same: true });
      expect(received.ends).toEqual([true]);
    }
  });

  it('says the parts are not the payload when the decode adds declarations to a later element', async () => {
    // Each top-level element gets the inherited default namespace in the decoded payload; the
    // parts carry the second one as sent.
    const twoRoots = `${largePayload()}<More/>`;
    const { result, received } = await call(answerWith(twoRoots), [65_536]);
    const { record } = await result;
    expect(record.DataStubs).toContain(`<More xmlns="${REFERENCE_NAMESPACE}"/>`);
    expect(received.head).not.toBeNull();
    expect(received.ends).toEqual([false]);
  });

  it('says incomplete when the answer turns out malformed or the connection drops', async () => {
    const malformed = answerWith(payload.replace('</AssetStubs>', '</Other>'));
    const bad = await call(malformed, [65_536]);
    await expect(bad.result).rejects.toMatchObject({ name: 'ResponseFormatError' });
    expect(bad.received.head).not.toBeNull();
    expect(bad.received.ends).toEqual([false]);

    const dropped = await call(body, [65_536], 3 * 65_536);
    await expect(dropped.result).rejects.toMatchObject({ name: 'TransportError' });
    expect(dropped.received.head).not.toBeNull();
    expect(dropped.received.ends).toEqual([false]);
  });

  it('tells nothing when the payload is no longer than its head', async () => {
    const { result, received } = await call(answerWith('<AssetStubs><Stub/></AssetStubs>'), [7]);
    expect((await result).record.Success).toBe(true);
    expect(received).toEqual({ head: null, parts: [], ends: [] });
  });

  it('does not fail the call when the sink throws', async () => {
    const client = createInodeClient({
      baseUrl: 'http://service.test',
      binding: 'soap11',
      namespace: REFERENCE_NAMESPACE,
      fetch: chunkedFetch(body, [65_536]),
    });
    const result = await client.getAssetStubs(PARAMS, {
      onDataStubsHead: () => undefined,
      onDataStubsRest: {
        part: () => {
          throw new Error('viewer gone');
        },
        end: () => {
          throw new Error('viewer gone');
        },
      },
    });
    expect(result.record.DataStubs).toBe(
      payload.replace('<AssetStubs', `<AssetStubs xmlns="${REFERENCE_NAMESPACE}"`),
    );
  });
});

describe('the rest read once the head is shown', () => {
  const payload = largePayload(Math.ceil((8 * DATA_STUBS_HEAD_CHARS) / 40));
  const body = answerWith(payload);

  /** A call whose head's showing is the promise `showing` returns; `progress.sent` the bytes read. */
  function showingCall(
    showing: () => PromiseLike<unknown>,
    options: Pick<CallOptions, 'signal'> = {},
  ) {
    const { received, sink } = recorder();
    const progress: { sent?: number } = {};
    const result = createInodeClient({
      baseUrl: 'http://service.test',
      binding: 'soap11',
      namespace: REFERENCE_NAMESPACE,
      fetch: chunkedFetch(body, [4096], progress),
    }).getAssetStubs(PARAMS, {
      ...options,
      onDataStubsHead: (head) => {
        received.head = head;
        return showing();
      },
      onDataStubsRest: sink,
    });
    return { result, received, progress };
  }

  /** Lets the reading go on for `count` turns of the event loop, if nothing holds it. */
  async function turns(count: number) {
    for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Timers that move only when told: the wait's cap and the call's timeout. */
  function stillTimers() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  }

  afterEach(() => void vi.useRealTimers());

  it('reads and passes on no more of the body until the showing settles, then all of it', async () => {
    let showHead: () => void = () => undefined;
    const { result, received, progress } = showingCall(
      () => new Promise<void>((resolve) => (showHead = resolve)),
    );
    while (received.head === null) await turns(1);
    const sentWhenShowing = progress.sent ?? 0;
    await turns(20);
    expect(progress.sent).toBe(sentWhenShowing);
    expect(sentWhenShowing).toBeLessThan(body.length / 2);
    // Nor is the rest of the piece the head ended in passed on.
    expect(received.parts).toEqual([]);

    showHead();
    const { record } = await result;
    expect(progress.sent).toBe(body.length);
    expect((received.head ?? '') + received.parts.join('') === record.DataStubs).toBe(true);
    expect(received.ends).toEqual([true]);
  });

  it('reads on at once when the showing fails', async () => {
    stillTimers();
    const { result, progress } = showingCall(() => Promise.reject(new Error('view gone')));
    expect((await result).record.Success).toBe(true);
    expect(progress.sent).toBe(body.length);
  });

  it('reads on after HEAD_SHOWN_WAIT_MS when the showing never settles', async () => {
    stillTimers();
    const { result, received, progress } = showingCall(() => new Promise<void>(() => undefined));
    while (received.head === null) await turns(1);
    const sentWhenShowing = progress.sent;
    await vi.advanceTimersByTimeAsync(HEAD_SHOWN_WAIT_MS - 1);
    await turns(20);
    expect(progress.sent).toBe(sentWhenShowing);

    await vi.advanceTimersByTimeAsync(1);
    const { record } = await result;
    expect((received.head ?? '') + received.parts.join('') === record.DataStubs).toBe(true);
  });

  it('ends the call when it is aborted while the head is shown, without waiting', async () => {
    // The timers stand still: the call can only end through the abort.
    stillTimers();
    const controller = new AbortController();
    const { result, received, progress } = showingCall(() => new Promise<void>(() => undefined), {
      signal: controller.signal,
    });
    while (received.head === null) await turns(1);
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'TransportError' });
    expect(progress.sent).toBeLessThan(body.length);
    expect(received.ends).toEqual([false]);
  });

  it('ends the call when aborted while the head of a body read whole is shown', async () => {
    // A response without a stream is read whole: the head is in its one piece, whose check
    // waits for the showing. Aborted meanwhile, the call must fail, not decode what it has not
    // checked.
    stillTimers();
    const controller = new AbortController();
    const received: { head: string | null } = { head: null };
    const whole = () => {
      const response = new Response(new Uint8Array(body), {
        headers: { 'content-type': 'text/xml; charset=utf-8' },
      });
      Object.defineProperty(response, 'body', { value: null });
      return Promise.resolve(response);
    };
    const result = createInodeClient({
      baseUrl: 'http://service.test',
      binding: 'soap11',
      namespace: REFERENCE_NAMESPACE,
      fetch: whole,
    }).getAssetStubs(PARAMS, {
      signal: controller.signal,
      onDataStubsHead: (head) => {
        received.head = head;
        return new Promise<void>(() => undefined);
      },
      onDataStubsRest: recorder().sink,
    });
    while (received.head === null) await turns(1);
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'TransportError' });
  });
});
