/**
 * Runs the protocol client off the page's main thread: the fetch, the body read and the decode
 * of a large GetAssetStubs answer happen here, and only the result crosses back (by structured
 * clone). One worker serves every call of the page; each call has its own AbortController.
 */
import {
  createInodeClient,
  type CallOptions,
  type FieldsBeforeDataStubs,
} from '../../protocol/index.ts';
import { serveCalls, transfer } from '../../workers/worker-call.ts';
import { createTargetFetch } from '../target-fetch.ts';
import { serializeError, type SerializedError } from './error-transfer.ts';
import { packResult, transferOf } from './result-transfer.ts';
import { partsSink } from '../../workers/viewer/payload-parts-port.ts';
import type { ClientWorkerApi, ClientWorkerCall } from './worker-messages.ts';

const inFlight = new Map<number, AbortController>();
/** The calls whose head the page is putting on screen: told when it is there. */
const headsBeingShown = new Map<number, () => void>();
// One fetch per target: the protocol caches the discovered namespace per fetch function.
const fetchByTarget = new Map<string | null, typeof globalThis.fetch>();

function targetFetch(targetId: string | null): typeof globalThis.fetch {
  let fetch = fetchByTarget.get(targetId);
  if (!fetch) {
    fetch = createTargetFetch(targetId);
    fetchByTarget.set(targetId, fetch);
  }
  return fetch;
}

async function run(
  call: ClientWorkerCall,
  signal: AbortSignal,
  onHead: CallOptions['onDataStubsHead'],
  onBodyBytes: NonNullable<CallOptions['onBodyBytes']>,
  onRest: CallOptions['onDataStubsRest'],
): Promise<unknown> {
  const client = createInodeClient({ ...call.options, fetch: targetFetch(call.targetId) });
  switch (call.operation) {
    case 'getAssetStubs': {
      const options = {
        signal,
        onBodyBytes,
        ...(onHead && { onDataStubsHead: onHead }),
        ...(onHead && onRest && { onDataStubsRest: onRest }),
      };
      return call.holdFrom === undefined
        ? client.getAssetStubs(call.params, options)
        : client.getAssetStubs(call.params, { ...options, holdFrom: call.holdFrom });
    }
    case 'addUserAssetIndex':
      return client.addUserAssetIndex(call.params, { signal });
    case 'namespace':
      return client.namespace({ signal });
  }
}

/** The error as data that can be posted; a field that cannot be cloned leaves the bare error. */
function sendable(error: unknown): SerializedError {
  const serialized = serializeError(error);
  try {
    structuredClone(serialized);
    return serialized;
  } catch (cloneFailure) {
    console.warn('Inode client worker: error fields could not be sent', cloneFailure);
    return { name: serialized.name, message: serialized.message, fields: {} };
  }
}

const api: ClientWorkerApi = {
  async call(id, call, onHead, payloadPort) {
    const controller = new AbortController();
    inFlight.set(id, controller);
    // The head's report is answered before the result is sent: it travels on its own port.
    let headShown: unknown;
    // The report's answer says whether the page will tell when the head is on screen
    // (headShown); the body's reading waits for that.
    const showHead =
      onHead &&
      ((head: string, fieldsBefore: FieldsBeforeDataStubs) => {
        const willTell = Promise.resolve(onHead(head, fieldsBefore));
        headShown = willTell;
        return new Promise<void>((shown) => {
          headsBeingShown.set(id, shown);
          willTell.then(
            (told) => {
              if (!told) shown();
            },
            () => shown(),
          );
        });
      });
    // The body's bytes as received, for a body not held: the payload's UTF-8 bytes for the viewer
    // are cut from them.
    let bodyBytes: Uint8Array | undefined;
    // The payload's parts went to the viewer's worker as they arrived and are the whole payload:
    // its bytes need not follow with the result.
    let partsComplete = false;
    const sink = payloadPort && partsSink(payloadPort);
    const onRest: CallOptions['onDataStubsRest'] = sink && {
      part: sink.part,
      end(complete) {
        partsComplete = complete;
        sink.end(complete);
      },
    };
    try {
      const value = await run(
        call,
        controller.signal,
        showHead,
        (bytes) => void (bodyBytes = bytes),
        onRest,
      );
      const packed = packResult(value, bodyBytes, !partsComplete);
      await Promise.resolve(headShown).catch(() => undefined);
      return transfer(packed, transferOf(packed));
    } catch (error) {
      throw sendable(error);
    } finally {
      inFlight.delete(id);
      headsBeingShown.delete(id);
      // Closed after its last message, or unused when the answer gave no head.
      payloadPort?.close();
    }
  },
  cancel(id) {
    inFlight.get(id)?.abort();
  },
  headShown(id) {
    headsBeingShown.get(id)?.();
    headsBeingShown.delete(id);
  },
};

serveCalls(api);
