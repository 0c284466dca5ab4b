/**
 * What the Inode client worker serves. Everything that crosses is structured-cloneable:
 * parameters and options go in, results and serialized errors come back.
 */
import type {
  AddUserAssetIndexParams,
  Binding,
  FieldsBeforeDataStubs,
  GetAssetStubsParams,
} from '../../protocol/index.ts';
import type { PackedResult } from './result-transfer.ts';

/** The client options that can cross to the worker (no fetch: the worker builds its own). */
export interface WorkerClientOptions {
  /** Absolute: the worker's own location is the worker script, not the page. */
  baseUrl: string;
  binding: Binding;
  namespace?: string;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

export type WorkerCall =
  | { operation: 'getAssetStubs'; params: GetAssetStubsParams }
  | { operation: 'addUserAssetIndex'; params: AddUserAssetIndexParams }
  | { operation: 'namespace'; params: null };

export type ClientWorkerCall = {
  options: WorkerClientOptions;
  /** Sent as X-Inode-Target; null lets the server use its default. */
  targetId: string | null;
  /**
   * A GetAssetStubs answer of this many bytes or more comes back with its body and DataStubs
   * held in Blobs (src/text/held-text.ts); absent: always as text.
   */
  holdFrom?: number;
} & WorkerCall;

export interface ClientWorkerApi {
  /**
   * Runs one call of the protocol client. A failure is thrown as a SerializedError (plain data,
   * rebuilt on the page as the protocol's own class). `onHead` receives the start of a large
   * DataStubs payload before the result (CallOptions.onDataStubsHead), and answers whether the
   * page will tell once it is on screen (`headShown`), which the rest's reading then waits for;
   * `payloadPort` receives the rest as it arrives (payload-parts-port.ts), and is closed when the
   * call ends.
   */
  call(
    id: number,
    call: ClientWorkerCall,
    onHead?: (head: string, fieldsBefore: FieldsBeforeDataStubs) => boolean,
    payloadPort?: MessagePort,
  ): Promise<PackedResult>;
  /** Aborts the call with this id, if it is still running. */
  cancel(id: number): void;
  /**
   * The head `onHead` received for the call with this id is on screen: the call reads the rest
   * of its answer from now on (CallOptions.onDataStubsHead).
   */
  headShown(id: number): void;
}
