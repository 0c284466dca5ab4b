/**
 * A fetch that answers with `bytes` in network-sized chunks as fast as they are read, and tells
 * when the last one was handed over: for timing what a client does after an answer's last byte.
 * Runs in Node and in a browser's worker (the benches bundle it there).
 * @example const served = chunkedFetch(bytes, 64 * 1024, headers); … served.lastChunkAt()
 */
export function chunkedFetch(
  bytes: Uint8Array,
  chunkBytes: number,
  headers: Record<string, string>,
  /** Each chunk in its own buffer, as a network hands them (else views into `bytes`). */
  { copy = false } = {},
): { fetch: typeof globalThis.fetch; lastChunkAt: () => number } {
  let lastChunkAt = 0;
  const fetch = (() => {
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.byteLength) {
          lastChunkAt = performance.now();
          controller.close();
          return;
        }
        const end = at + chunkBytes;
        controller.enqueue(copy ? bytes.slice(at, end) : bytes.subarray(at, end));
        at = end;
      },
    });
    return Promise.resolve(new Response(body, { headers }));
  }) as typeof globalThis.fetch;
  return { fetch, lastChunkAt: () => lastChunkAt };
}
