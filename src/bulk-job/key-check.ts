/**
 * A bulk job's dry run: the key checked with one read-only call (GetAssetStubs), and what the
 * job would send, so an operator learns of a wrong key before a single row is registered. The
 * Bulk register page's "Check only" and `inode-console bulk --dry-run` both use it.
 */
import type { InodeClient } from '../protocol/index.ts';
import { initialResults, isSendable, type BulkRow } from './bulk-rows.ts';

export type KeyCheck =
  | { accepted: true; userId: string | null }
  | { accepted: false; message: string; errorCode: string | null };

/**
 * Asks for the stubs of the first row's MediaType (a read that changes nothing and keeps the
 * answer small); Success=false is the service refusing the key, in its own words. Transport
 * errors, faults and unreadable answers are thrown as the client throws them.
 * @example const check = await checkKey(client, key, 'image'); if (!check.accepted) show(check.message);
 */
export async function checkKey(
  client: InodeClient,
  openIdKey: string,
  assetType: string,
  signal?: AbortSignal,
): Promise<KeyCheck> {
  const { record } = await client.getAssetStubs(
    { OpenIDKey: openIdKey, AssetType: assetType, OtherFilterCriteria: '' },
    signal ? { signal } : {},
  );
  if (record.Success) return { accepted: true, userId: record.UserID || null };
  const said = record.ErrorMessage?.trim() || 'no ErrorMessage';
  return {
    accepted: false,
    message: `The service refused the key: “${said}”${record.ErrorCode ? ` (ErrorCode ${record.ErrorCode})` : ''}.`,
    errorCode: record.ErrorCode,
  };
}

export interface DryRunCounts {
  rows: number;
  /** Rows a run would send now. */
  toSend: number;
  /** Rows with errors, never sent. */
  invalid: number;
  /** Repeats a run sends only once. */
  repeats: number;
}

/** @example dryRunCounts(rows, true) // { rows: 5, toSend: 3, invalid: 1, repeats: 1 } */
export function dryRunCounts(
  rows: readonly BulkRow[],
  skipDuplicates: boolean,
  starting = initialResults(rows, skipDuplicates),
): DryRunCounts {
  const invalid = rows.filter((row) => !isSendable(row)).length;
  const toSend = starting.filter((result) => result.state === 'pending').length;
  const repeats = rows.filter((row) => isSendable(row) && row.duplicateOf !== null).length;
  return { rows: rows.length, toSend, invalid, repeats: skipDuplicates ? repeats : 0 };
}

/**
 * The dry run's verdict in words.
 * @example dryRunInWords(counts, { accepted: true, userId: 'u-1' })
 * // 'The key was accepted (UserID u-1). 3 of 5 rows would be sent (1 with errors, 1 repeat sent once). Nothing was registered.'
 */
export function dryRunInWords(counts: DryRunCounts, check: KeyCheck): string {
  const key = check.accepted
    ? `The key was accepted${check.userId ? ` (UserID ${check.userId})` : ''}.`
    : check.message;
  const notes = [
    counts.invalid > 0 ? `${counts.invalid} with errors` : '',
    counts.repeats > 0
      ? `${counts.repeats} ${counts.repeats === 1 ? 'repeat' : 'repeats'} sent once`
      : '',
  ].filter(Boolean);
  const rows = `${counts.toSend} of ${counts.rows} ${counts.rows === 1 ? 'row' : 'rows'} would be sent${notes.length ? ` (${notes.join(', ')})` : ''}.`;
  return `${key} ${rows} Nothing was registered.`;
}
