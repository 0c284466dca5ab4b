import { loadavg } from 'node:os';

/**
 * The 1-minute load average. The machine is shared (other suites run on the same cores), so every
 * bench prints its figures with the load they met.
 */
export function loadAverage(): number {
  return loadavg()[0] ?? Number.NaN;
}
