/**
 * A best-effort write to this browser's storage (History, the Register page's list, the key
 * fingerprint's secret) failed: the page goes on, and the console says so. Only the error's
 * name is logged: a browser's message can quote the value being written (Chromium's
 * DataCloneError names the object it could not clone).
 * @example addCall(entry).catch((error) => warnStorageFailure('History could not be written', error));
 */
export function warnStorageFailure(what: string, error: unknown): void {
  console.warn(what, error instanceof Error ? error.name : error);
}
