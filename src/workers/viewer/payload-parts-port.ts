/**
 * The port that carries a DataStubs payload's parts from the thread that receives the answer
 * (the client's worker, or the page) straight to the viewer's worker, while the answer arrives:
 * the page never handles them. The receiving side is ViewerWorkerApi.analyzeFromPort.
 */
import type { DataStubsRestSink } from '../../protocol/types.ts';

/** One message on the port: a part of text, in order, then whether the parts are the payload. */
export type PayloadPartMessage = { part: string } | { complete: boolean };

/**
 * The protocol's sink for the rest of a payload (CallOptions.onDataStubsRest), posting onto
 * `port`, which it closes after the last message.
 *
 * @example client.getAssetStubs(params, { onDataStubsHead, onDataStubsRest: partsSink(port) });
 */
export function partsSink(port: MessagePort): DataStubsRestSink {
  const post = (message: PayloadPartMessage) => port.postMessage(message);
  return {
    part: (text) => post({ part: text }),
    end(complete) {
      post({ complete });
      port.close();
    },
  };
}
