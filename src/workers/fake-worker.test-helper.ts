import type { Endpoint } from 'comlink';
import { serveCalls } from './worker-call.ts';

/** A worker stand-in: the page holds one end of a channel, the API is served on the other. */
export class FakeWorker extends EventTarget {
  readonly channel = new MessageChannel();
  terminated = false;
  /** Serves `api` on the other end; null for a worker whose code never loads. */
  constructor(api: object | null) {
    super();
    this.channel.port1.addEventListener('message', (event) =>
      this.dispatchEvent(new MessageEvent('message', { data: (event as MessageEvent).data })),
    );
    this.channel.port1.start();
    if (api) serveCalls(api, this.channel.port2 as unknown as Endpoint);
  }
  postMessage(message: unknown, transfer: Transferable[] = []) {
    this.channel.port1.postMessage(message, transfer);
  }
  terminate() {
    this.terminated = true;
    this.channel.port1.close();
    this.channel.port2.close();
  }
  /** What a worker does when its code throws outside a call, or does not load. */
  crash(message: string) {
    this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message }));
  }
}
