import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeBatch, frameSender, messageFrames } from './frame-batch.ts';
import { decodeFrame, encodeFrame } from './relay-frame.ts';

const frameArbitrary = fc
  .record({ id: fc.nat(), text: fc.string() }, { requiredKeys: ['id'] })
  .chain((head) => fc.uint8Array({ maxLength: 64 }).map((body) => encodeFrame(head, body)));

/** A sender whose scheduled flushes run when the test says, as a turn ending would. */
function recordingSender(maxBatchBytes?: number) {
  const messages: Uint8Array[] = [];
  const scheduled: Array<() => void> = [];
  const sender = frameSender(
    (message) => messages.push(message),
    (flush) => scheduled.push(flush),
    maxBatchBytes,
  );
  const endTurn = () => {
    for (const flush of scheduled.splice(0)) flush();
  };
  return { sender, messages, scheduled, endTurn };
}

describe('relay frame batches', () => {
  it('gives back the frames it was made of, in order, byte for byte', () => {
    fc.assert(
      fc.property(fc.array(frameArbitrary, { minLength: 1, maxLength: 20 }), (frames) => {
        const read = messageFrames(encodeBatch(frames));
        expect(read?.map((frame) => [...frame])).toEqual(frames.map((frame) => [...frame]));
      }),
    );
  });

  it('reads a message that is not a batch as one frame', () => {
    const frame = encodeFrame({ cancel: 7 });
    expect(messageFrames(frame)).toEqual([frame]);
  });

  it.each([
    ['shorter than a length', new Uint8Array([0, 0])],
    ['an empty batch', new Uint8Array([0, 0, 0, 0])],
    ['a length past the end', new Uint8Array([0, 0, 0, 0, 0, 0, 0, 9, 1, 2])],
    ['a cut-off length', new Uint8Array([0, 0, 0, 0, 0, 0])],
    ['an empty frame', new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0])],
  ])('refuses %s', (_name, message) => {
    expect(messageFrames(message)).toBeNull();
  });

  it('sends the frames of one turn as one message, a lone frame as itself', () => {
    const { sender, messages, scheduled, endTurn } = recordingSender();
    const frames = [1, 2, 3].map((id) => encodeFrame({ id }, new Uint8Array([id])));
    for (const frame of frames) sender.send(frame);
    expect(messages).toHaveLength(0);
    expect(scheduled).toHaveLength(1);
    endTurn();
    expect(messages).toHaveLength(1);
    expect(messageFrames(messages[0] as Uint8Array)?.map((f) => decodeFrame(f)?.head)).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
    const lone = encodeFrame({ cancel: 4 });
    sender.send(lone);
    endTurn();
    expect(messages[1]).toBe(lone);
  });

  it('never makes a batch over its limit, sends a large frame alone and keeps the order', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 700 }), { minLength: 1, maxLength: 40 }), (sizes) => {
        const { sender, messages, endTurn } = recordingSender(1024);
        const frames = sizes.map((size, id) => encodeFrame({ id }, new Uint8Array(size)));
        for (const frame of frames) sender.send(frame);
        endTurn();
        const received = messages.flatMap((message) => {
          expect(message.byteLength <= 1024 || messageFrames(message)?.length === 1).toBe(true);
          return messageFrames(message) ?? [];
        });
        expect(received.map((frame) => decodeFrame(frame)?.head)).toEqual(
          sizes.map((_size, id) => ({ id })),
        );
      }),
    );
  });

  it('flushes on demand, and forgets what is queued once discarded', () => {
    const { sender, messages, endTurn } = recordingSender();
    sender.send(encodeFrame({ id: 1 }));
    sender.flush();
    expect(messages).toHaveLength(1);
    sender.send(encodeFrame({ id: 2 }));
    sender.discard();
    endTurn();
    expect(messages).toHaveLength(1);
  });
});
