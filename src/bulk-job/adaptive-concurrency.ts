/**
 * `--adaptive`: finds the concurrency where the service's latency stops improving throughput.
 *
 * How it decides (AIMD on a latency gradient, as TCP Vegas and Netflix's concurrency-limits do):
 * - It keeps the lowest latency seen over recent windows (`minLatency`, the service unloaded).
 * - Every `windowSize` settled rows it compares the window's median latency with `minLatency`:
 *   - below `tolerance` × minLatency (default 1.5): the service is not queueing our calls, so
 *     one more in flight buys throughput: +1 (additive increase);
 *   - above it: the extra calls only wait in the service's queue: ×0.9 (gentle decrease);
 * - a 503/429, a timeout or a connection error halves it at once (multiplicative decrease),
 *   at most once per window so one burst of errors does not collapse it to 1.
 * It stays within [min, max]. Every `probeEvery` windows (default 50) one window runs at half
 * the limit and its median becomes the new `minLatency` (BBR's ProbeRTT): a service that became
 * slower for good is re-measured instead of chasing a stale best, for ~1 % of the throughput.
 */

export interface AdaptiveOptions {
  initial: number;
  min?: number;
  max: number;
  /** Settled rows per decision; default 2 × the current limit, at least 20. */
  windowSize?: number;
  /** Latency over minLatency that counts as queueing; default 1.5. */
  tolerance?: number;
  /** Windows between two re-measures of the unloaded latency; default 50. */
  probeEvery?: number;
}

export type AdaptiveSignal = 'ok' | 'overload';

/**
 * @example
 * const adaptive = new AdaptiveConcurrency({ initial: 4, max: 64 });
 * adaptive.record(latencyMs, 'ok'); runner.setConcurrency(adaptive.limit);
 */
export class AdaptiveConcurrency {
  private current: number;
  private readonly min: number;
  private readonly max: number;
  private readonly fixedWindow: number | null;
  private readonly tolerance: number;
  private window: number[] = [];
  private minLatency = Number.POSITIVE_INFINITY;
  private overloadedThisWindow = false;
  private readonly probeEvery: number;
  private windowsSinceProbe = 0;
  /** The limit to go back to after a probe window; null when not probing. */
  private probingFrom: number | null = null;

  constructor(options: AdaptiveOptions) {
    this.min = Math.max(1, options.min ?? 1);
    this.max = Math.max(this.min, options.max);
    this.current = clamp(options.initial, this.min, this.max);
    this.fixedWindow = options.windowSize ?? null;
    this.tolerance = options.tolerance ?? 1.5;
    this.probeEvery = Math.max(2, options.probeEvery ?? 50);
  }

  /** The concurrency to use now. */
  get limit(): number {
    return this.current;
  }

  /** The unloaded latency estimate, ms (Infinity before the first window). */
  get baselineMs(): number {
    return this.minLatency;
  }

  /** One settled call: its latency, and whether it said the service is overloaded. */
  record(latencyMs: number, signal: AdaptiveSignal): void {
    if (signal === 'overload') {
      if (!this.overloadedThisWindow) {
        this.current = clamp(Math.floor(this.current / 2), this.min, this.max);
        this.overloadedThisWindow = true;
      }
    } else if (Number.isFinite(latencyMs) && latencyMs >= 0) {
      this.window.push(latencyMs);
    }
    const size = this.fixedWindow ?? Math.max(20, 2 * this.current);
    if (this.window.length + (this.overloadedThisWindow ? 1 : 0) >= size) this.decide();
  }

  private decide(): void {
    const latencies = this.window;
    this.window = [];
    const overloaded = this.overloadedThisWindow;
    this.overloadedThisWindow = false;
    if (latencies.length === 0) return;
    const median = medianOf(latencies);
    if (this.probingFrom !== null) {
      this.minLatency = median;
      if (!overloaded) this.current = this.probingFrom;
      this.probingFrom = null;
      return;
    }
    this.minLatency = Math.min(this.minLatency, median);
    if (overloaded) return;
    if (++this.windowsSinceProbe >= this.probeEvery && this.current > this.min) {
      this.windowsSinceProbe = 0;
      this.probingFrom = this.current;
      this.current = clamp(Math.floor(this.current / 2), this.min, this.max);
      return;
    }
    if (median <= this.minLatency * this.tolerance) {
      this.current = clamp(this.current + 1, this.min, this.max);
    } else {
      this.current = clamp(Math.floor(this.current * 0.9), this.min, this.max);
    }
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}

function medianOf(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
