/**
 * The bridge from the engine to the protocol client: one AddUserAssetIndex per row, with the
 * job's key and the row's values. Pure TypeScript, so the engine's tests can use the real client.
 */
import type { InodeClient } from '../protocol/index.ts';
import type { BulkItem, RegisterFn } from './bulk-runner.ts';

/**
 * @example const register = clientRegister(client, key); await register(item, signal) // '1234'
 */
export function clientRegister(client: InodeClient, openIdKey: string): RegisterFn {
  return async (item: BulkItem, signal: AbortSignal) => {
    const result = await client.addUserAssetIndex(
      { OpenIDKey: openIdKey, ServiceURI: item.ServiceURI, MediaType: item.MediaType },
      { signal },
    );
    return result.value;
  };
}
