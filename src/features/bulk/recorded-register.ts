/**
 * The page's way to send a row: the real client, each call written to History like any other
 * call (without the key), and each registration added to the Register page's list.
 */
import type { Binding, InodeClient } from '../../protocol/index.ts';
import { recordedCall } from '../../history/recorded-call.ts';
import { describeRegistrationValue, isErrorString } from '../../outcome/outcome.ts';
import { failureLine } from '../../outcome/outcome-line.ts';
import { addRegistration } from '../../history/history-db.ts';
import type { RegisterFn } from '../../bulk-job/bulk-runner.ts';
import { clientRegister } from '../../bulk-job/client-register.ts';
import { warnStorageFailure } from '../../history/storage-warning.ts';

export interface RecordedRegisterOptions {
  openIdKey: string;
  binding: Binding;
  targetId: string | null;
  /** Write each call to History; off, rows are only sent. */
  record: boolean;
}

/** @example store.run(recordedRegister(client, { openIdKey, binding, targetId, record: true })) */
export function recordedRegister(
  client: InodeClient,
  options: RecordedRegisterOptions,
): RegisterFn {
  const sendAndRecord = recordedSend(client, options);
  return async (item, signal) => {
    try {
      return await sendAndRecord(item, signal);
    } catch (error) {
      // The row shows the failure in words (and never the key); the typed error stays as cause.
      throw new Error(failureLine(error, [options.openIdKey]), { cause: error });
    }
  };
}

/**
 * The same, with the typed errors left as they are: a streamed job's runner reads them to decide
 * on retries (status, Retry-After) and puts them in words itself (`failureLine`).
 * @example new StreamRunner({ rows, register: recordedSend(client, options), describeError })
 */
export function recordedSend(client: InodeClient, options: RecordedRegisterOptions): RegisterFn {
  const send = clientRegister(client, options.openIdKey);
  return options.record ? recorded(send, options) : send;
}

function recorded(send: RegisterFn, options: RecordedRegisterOptions): RegisterFn {
  return async (item, signal) => {
    const value = await recordedCall({
      operation: 'AddUserAssetIndex',
      binding: options.binding,
      targetId: options.targetId,
      params: { ServiceURI: item.ServiceURI, MediaType: item.MediaType },
      secrets: [options.openIdKey],
      signal,
      describe: describeRegistrationValue,
      answer: (value) => ({ result: value }),
      run: () => send(item, signal),
    });
    if (!isErrorString(value)) {
      addRegistration({
        binding: options.binding,
        targetId: options.targetId,
        ServiceURI: item.ServiceURI,
        MediaType: item.MediaType,
        result: value,
        at: Date.now(),
      }).catch((error: unknown) => {
        warnStorageFailure('A registration could not be listed', error);
      });
    }
    return value;
  };
}
