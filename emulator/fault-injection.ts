// Test-only fault injection. Off unless explicitly configured (CLI --fault-injection <spec>,
// env INODE_EMULATOR_FAULTS for the dev server, or handler.setFaultInjection() in tests).

export interface FaultInjection {
  /** Added before every answer, in milliseconds. */
  readonly latencyMs: number;
  /** Share (0..1) of requests answered by a 500 HTML error page instead. */
  readonly errorShare: number;
  /** Share (0..1) of answers cut off halfway (Content-Length promises more; then the socket closes). */
  readonly truncateShare: number;
  /** Share (0..1) of requests whose connection is reset without an answer. */
  readonly resetShare: number;
  /** Source of randomness; tests pass a deterministic one. */
  readonly random?: () => number;
}

/** What `--fault-injection` without `--faults` turns on. */
export const DEFAULT_FAULTS = 'latency=100,error=0.1,truncate=0.05,reset=0.05';

export type InjectedFault = 'none' | 'error' | 'truncate' | 'reset';

/**
 * Parses `latency=200,error=0.1,truncate=0.05,reset=0.05` (any subset; unknown keys refused).
 * @example parseFaultInjection('error=0.5') // { latencyMs: 0, errorShare: 0.5, truncateShare: 0, resetShare: 0 }
 */
export function parseFaultInjection(spec: string): FaultInjection {
  const values = { latency: 0, error: 0, truncate: 0, reset: 0 };
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key = '', raw = ''] = part.split('=');
    const value = Number(raw);
    if (!Object.hasOwn(values, key) || !Number.isFinite(value) || value < 0) {
      throw new Error(
        `Bad fault injection term "${part}": use latency=<ms>,error=<0..1>,truncate=<0..1>,reset=<0..1>`,
      );
    }
    if (key !== 'latency' && value > 1)
      throw new Error(`Fault share "${part}" must be between 0 and 1`);
    values[key as keyof typeof values] = value;
  }
  if (values.error + values.truncate + values.reset > 1) {
    throw new Error('Fault shares error + truncate + reset must not exceed 1');
  }
  return {
    latencyMs: values.latency,
    errorShare: values.error,
    truncateShare: values.truncate,
    resetShare: values.reset,
  };
}

/**
 * Picks the fault for one request.
 * @example pickFault({ latencyMs: 0, errorShare: 1, truncateShare: 0, resetShare: 0 }) // 'error'
 */
export function pickFault(faults: FaultInjection): InjectedFault {
  const roll = (faults.random ?? Math.random)();
  if (roll < faults.resetShare) return 'reset';
  if (roll < faults.resetShare + faults.errorShare) return 'error';
  if (roll < faults.resetShare + faults.errorShare + faults.truncateShare) return 'truncate';
  return 'none';
}
