// What a test's WebSocket client reads from the relay: each message's frames (alone or batched),
// decoded, with the body as text.
import { messageFrames } from '../../src/relay/frame-batch.ts';
import { decodeFrame } from '../../src/relay/relay-frame.ts';

export interface ReceivedFrame {
  readonly head: Record<string, unknown>;
  readonly body: string;
}

/**
 * @example ws.on('message', (data: Buffer) => { for (const { head } of receivedFrames(data)) … });
 */
export function receivedFrames(message: Uint8Array): ReceivedFrame[] {
  const received: ReceivedFrame[] = [];
  for (const bytes of messageFrames(message) ?? []) {
    const frame = decodeFrame(bytes);
    if (frame && typeof frame.head === 'object' && frame.head !== null)
      received.push({
        head: frame.head as Record<string, unknown>,
        body: Buffer.from(frame.body).toString(),
      });
  }
  return received;
}
