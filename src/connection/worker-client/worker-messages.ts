/**
 * The messages between the page and the Inode client worker. Everything in them is structured-
 * cloneable: parameters and options go in, results and serialized errors come back.
 */
import type {
  AddUserAssetIndexParams,
  Binding,
  GetAssetStubsParams,
} from '../../protocol/index.ts';
import type { SerializedError } from './error-transfer.ts';
import type { PackedResult } from './result-transfer.ts';

/** The client options that can cross to the worker (no fetch: the worker builds its own). */
export interface WorkerClientOptions {
  /** Absolute: the worker's own location is the worker script, not the page. */
  baseUrl: string;
  binding: Binding;
  namespace?: string;
  timeoutMs?: number;
}

export type WorkerCall =
  | { operation: 'getAssetStubs'; params: GetAssetStubsParams }
  | { operation: 'addUserAssetIndex'; params: AddUserAssetIndexParams }
  | { operation: 'namespace'; params: null };

export type ToClientWorker =
  | ({
      type: 'call';
      id: number;
      options: WorkerClientOptions;
      /** Sent as X-Inode-Target; null lets the server use its default. */
      targetId: string | null;
      /** GetAssetStubs: post the DataStubs head while the response arrives (CallOptions). */
      wantsHead?: boolean;
    } & WorkerCall)
  | { type: 'cancel'; id: number };

export type FromClientWorker =
  /** Posted once the worker's code has loaded: until then a failure means nothing was sent. */
  | { type: 'ready' }
  /** The start of a large DataStubs payload, before the result (see CallOptions.onDataStubsHead). */
  | { type: 'head'; id: number; head: string }
  | ({ type: 'result'; id: number } & PackedResult)
  | { type: 'error'; id: number; error: SerializedError };
