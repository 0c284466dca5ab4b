/**
 * Several relay frames in one WebSocket message. Each message costs a browser a fixed share of
 * CPU in two processes (the page's `send` or message event, the network service's copy), which
 * at thousands of calls a second outweighs the bytes; so each side gathers the frames it makes in
 * one turn of its event loop and sends them as one message.
 *
 * A batch is a 4-byte zero (no frame has an empty head: JSON is never empty), then each frame as
 * a 4-byte big-endian length and its bytes. A message that does not start with zero is one frame.
 */

/**
 * The largest batch (the console server takes messages of this size whatever its body limit);
 * a larger frame travels alone, uncopied.
 */
export const MAX_BATCH_BYTES = 60 * 1024;

const PREFIX_BYTES = 4;

/** @example encodeBatch([encodeFrame({ cancel: 1 }), encodeFrame({ cancel: 2 })]) */
export function encodeBatch(frames: readonly Uint8Array[]): Uint8Array {
  let size = PREFIX_BYTES;
  for (const frame of frames) size += PREFIX_BYTES + frame.byteLength;
  const batch = new Uint8Array(size);
  const view = new DataView(batch.buffer);
  let at = PREFIX_BYTES;
  for (const frame of frames) {
    view.setUint32(at, frame.byteLength);
    batch.set(frame, at + PREFIX_BYTES);
    at += PREFIX_BYTES + frame.byteLength;
  }
  return batch;
}

/**
 * The frames a message holds (views into it, not copies), or null when a batch's lengths do
 * not add up to the message.
 * @example messageFrames(encodeFrame({ cancel: 1 })) // [that frame]
 */
export function messageFrames(message: Uint8Array): Uint8Array[] | null {
  if (message.byteLength < PREFIX_BYTES) return null;
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  if (view.getUint32(0) !== 0) return [message];
  const frames: Uint8Array[] = [];
  let at = PREFIX_BYTES;
  while (at < message.byteLength) {
    if (at + PREFIX_BYTES > message.byteLength) return null;
    const length = view.getUint32(at);
    const end = at + PREFIX_BYTES + length;
    if (length === 0 || end > message.byteLength) return null;
    frames.push(message.subarray(at + PREFIX_BYTES, end));
    at = end;
  }
  return frames.length > 0 ? frames : null;
}

export interface FrameSender {
  /** Queues a frame; it leaves with the others of this turn, or alone when it is large. */
  send(frame: Uint8Array): void;
  /** Sends what is queued now. */
  flush(): void;
  /** Forgets what is queued (the socket closed). */
  discard(): void;
}

/**
 * Gathers the frames sent in one turn into one message. `schedule` runs the flush after the
 * turn (the page: a task of its own; Node: setImmediate, after the sockets read in this turn).
 * Frames keep their order: a large one flushes those queued before it.
 * @example const sender = frameSender((message) => socket.send(message), queueTask);
 */
export function frameSender(
  sendMessage: (message: Uint8Array) => void,
  schedule: (flush: () => void) => void,
  maxBatchBytes = MAX_BATCH_BYTES,
): FrameSender {
  let queued: Uint8Array[] = [];
  let queuedBytes = PREFIX_BYTES;
  let scheduled = false;

  const flush = (): void => {
    scheduled = false;
    if (queued.length === 0) return;
    const frames = queued;
    queued = [];
    queuedBytes = PREFIX_BYTES;
    sendMessage(frames.length === 1 ? (frames[0] as Uint8Array) : encodeBatch(frames));
  };

  return {
    send(frame) {
      const size = PREFIX_BYTES + frame.byteLength;
      if (queuedBytes + size > maxBatchBytes) flush();
      if (PREFIX_BYTES + size > maxBatchBytes) {
        sendMessage(frame);
        return;
      }
      queued.push(frame);
      queuedBytes += size;
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    flush,
    discard() {
      queued = [];
      queuedBytes = PREFIX_BYTES;
    },
  };
}
