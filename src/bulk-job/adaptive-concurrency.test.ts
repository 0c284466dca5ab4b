import { describe, expect, it } from 'vitest';
import { AdaptiveConcurrency } from './adaptive-concurrency.ts';

/** A service that answers in `base` ms up to `capacity` calls at once, then queues. */
function latencyAt(concurrency: number, capacity: number, base = 10): number {
  return concurrency <= capacity ? base : base * (concurrency / capacity);
}

function settle(adaptive: AdaptiveConcurrency, capacity: number, windows: number): number[] {
  const limits: number[] = [];
  for (let w = 0; w < windows; w++) {
    const size = Math.max(20, 2 * adaptive.limit);
    for (let i = 0; i < size; i++) adaptive.record(latencyAt(adaptive.limit, capacity), 'ok');
    limits.push(adaptive.limit);
  }
  return limits;
}

describe('AdaptiveConcurrency', () => {
  it('climbs while latency holds, and settles near where it starts to rise', () => {
    const adaptive = new AdaptiveConcurrency({ initial: 2, max: 64 });
    const limits = settle(adaptive, 12, 200);
    // Leave out the probe windows (half the limit, one in 50).
    const last = limits.slice(-50).filter((limit) => limit >= 10);
    expect(last.length).toBeGreaterThanOrEqual(48);
    expect(Math.max(...last)).toBeLessThanOrEqual(20);
  });

  it('halves on overload, once per window', () => {
    const adaptive = new AdaptiveConcurrency({ initial: 32, max: 64, windowSize: 20 });
    adaptive.record(10, 'overload');
    adaptive.record(10, 'overload');
    expect(adaptive.limit).toBe(16);
  });

  it('stays within its bounds', () => {
    const adaptive = new AdaptiveConcurrency({ initial: 3, min: 2, max: 4, windowSize: 5 });
    for (let i = 0; i < 100; i++) adaptive.record(1, 'ok');
    expect(adaptive.limit).toBe(4);
    for (let i = 0; i < 100; i++) adaptive.record(1, 'overload');
    expect(adaptive.limit).toBe(2);
  });

  it('re-measures the unloaded latency, so a service slower for good does not pin it at the floor', () => {
    const adaptive = new AdaptiveConcurrency({
      initial: 8,
      max: 64,
      windowSize: 20,
      probeEvery: 5,
    });
    for (let i = 0; i < 20 * 10; i++) adaptive.record(10, 'ok');
    for (let i = 0; i < 20 * 40; i++) adaptive.record(40, 'ok');
    expect(adaptive.baselineMs).toBe(40);
    expect(adaptive.limit).toBeGreaterThan(4);
  });

  it('backs off when latency rises well above the best seen', () => {
    const adaptive = new AdaptiveConcurrency({ initial: 20, max: 64, windowSize: 20 });
    for (let i = 0; i < 20; i++) adaptive.record(10, 'ok');
    const before = adaptive.limit;
    for (let i = 0; i < 20; i++) adaptive.record(100, 'ok');
    expect(adaptive.limit).toBeLessThan(before);
  });
});
