/**
 * "The same call on another target" for Compare: repeats the current GetAssetStubs call (same
 * binding and parameters, the key from memory) through the console server to another target,
 * and returns its DataStubs. A target that cannot answer is an Error whose message says which
 * target and why, with the key redacted.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Binding, GetAssetStubsParams } from '../protocol/operations.ts';
import { BINDINGS } from '../protocol/operations.ts';
import { openClient, type Connection } from './connection.ts';
import { describeError } from '../outcome/outcome.ts';
import { redactString } from '../protocol/redact.ts';
import type { ConsoleTarget } from './targets.ts';

/** The call behind a result, without its key (which stays in key memory). */
export interface StubsCall {
  binding: Binding;
  params: Omit<GetAssetStubsParams, 'OpenIDKey'>;
  targetId: string | null;
}

/**
 * `connection` is the other target's (its id and namespace override).
 * @example await stubsOnTarget(queryClient, stagingConnection, staging, call, key)
 * @throws {Error} naming the target and the reason when it gives no DataStubs.
 */
export async function stubsOnTarget(
  queryClient: QueryClient,
  connection: Connection,
  target: ConsoleTarget,
  call: StubsCall,
  key: string,
): Promise<string> {
  if (!key) {
    throw new Error(
      'Enter the OpenIDKey on the Asset stubs page first: the call on another target uses it from memory.',
    );
  }
  const where = `${target.label} (${BINDINGS[call.binding].label})`;
  let answer: Awaited<ReturnType<Awaited<ReturnType<typeof openClient>>['getAssetStubs']>>;
  let failure: unknown = null;
  try {
    const client = await openClient(queryClient, connection, call.binding);
    answer = await client.getAssetStubs({ ...call.params, OpenIDKey: key });
  } catch (error) {
    failure = error;
  }
  // A new error with a redacted message only: the client's error may quote the request.
  if (failure !== null) {
    const view = describeError(failure);
    throw new Error(
      redactString(`${where} could not answer: ${view.title}. ${view.message}`, [key]),
    );
  }
  const { record } = answer!;
  if (record.DataStubs != null) return record.DataStubs;
  const reason = [record.ErrorCode, record.ErrorMessage].filter(Boolean).join(' ');
  throw new Error(
    redactString(`${where} returned no DataStubs${reason ? `: ${reason}` : ''}.`, [key]),
  );
}
