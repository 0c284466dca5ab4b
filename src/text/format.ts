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

/**
 * The first line of a text, with `…` when more lines follow.
 * @example firstLine('Server was unable\n   at X()') // 'Server was unable…'
 */
export function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end < 0 ? text : `${text.slice(0, end)}…`;
}
