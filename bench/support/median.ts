/** The middle value (upper middle for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** The value below which a share `q` (0 to 1) of the values fall; NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
