/**
 * How much of the responses History keeps (Settings): per entry and in total. Non-secret, in
 * localStorage; the bodies themselves live in IndexedDB (history-db.ts), redacted.
 */
import { safeLocalStorage } from '../settings/settings-store.ts';

export interface StoredResponseLimits {
  maxEntryBytes: number;
  maxTotalBytes: number;
}

const MB = 1024 * 1024;
export const DEFAULT_STORED_RESPONSE_LIMITS: StoredResponseLimits = {
  maxEntryBytes: 5 * MB,
  maxTotalBytes: 100 * MB,
};
/** The largest either limit can be set to in Settings. */
export const MAX_STORED_RESPONSE_LIMIT_BYTES = 10_000 * MB;
export const STORED_RESPONSE_LIMITS_KEY = 'inode-console.stored-responses';

const valid = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

export function loadStoredResponseLimits(
  storage: Storage | undefined = safeLocalStorage(),
): StoredResponseLimits {
  try {
    const raw = JSON.parse(storage?.getItem(STORED_RESPONSE_LIMITS_KEY) ?? 'null') as unknown;
    if (typeof raw !== 'object' || raw === null) return DEFAULT_STORED_RESPONSE_LIMITS;
    const r = raw as Record<string, unknown>;
    return {
      maxEntryBytes: valid(r.maxEntryBytes)
        ? r.maxEntryBytes
        : DEFAULT_STORED_RESPONSE_LIMITS.maxEntryBytes,
      maxTotalBytes: valid(r.maxTotalBytes)
        ? r.maxTotalBytes
        : DEFAULT_STORED_RESPONSE_LIMITS.maxTotalBytes,
    };
  } catch {
    return DEFAULT_STORED_RESPONSE_LIMITS;
  }
}

export function saveStoredResponseLimits(
  limits: StoredResponseLimits,
  storage: Storage | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(STORED_RESPONSE_LIMITS_KEY, JSON.stringify(limits));
  } catch {
    // A full quota: the limits then last for this page only.
  }
}
