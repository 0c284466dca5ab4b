/**
 * Byte counts for people.
 * @example formatBytes(2048) // '2.0 KB'
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Durations for people.
 * @example formatDuration(1234.5) // '1.23 s'
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** UTF-8 size of a string. @example utf8Length('é') // 2 */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
