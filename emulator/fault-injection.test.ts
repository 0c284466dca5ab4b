import { describe, expect, it } from 'vitest';
import { DEFAULT_FAULTS, parseFaultInjection, pickFault } from './fault-injection.ts';

describe('fault injection spec', () => {
  it('parses any subset and defaults the rest to zero', () => {
    expect(parseFaultInjection('error=0.5')).toEqual({
      latencyMs: 0,
      errorShare: 0.5,
      truncateShare: 0,
      resetShare: 0,
    });
    expect(parseFaultInjection(DEFAULT_FAULTS).latencyMs).toBe(100);
  });
  it('refuses unknown keys, shares outside 0..1 and shares adding up to more than 1', () => {
    expect(() => parseFaultInjection('boom=1')).toThrow(/Bad fault injection term/);
    expect(() => parseFaultInjection('error=2')).toThrow(/between 0 and 1/);
    expect(() => parseFaultInjection('error=0.6,reset=0.6')).toThrow(/must not exceed 1/);
  });
  it('picks reset, then error, then truncate, by share', () => {
    const at = (roll: number) =>
      pickFault({
        latencyMs: 0,
        resetShare: 0.1,
        errorShare: 0.2,
        truncateShare: 0.3,
        random: () => roll,
      });
    expect([at(0.05), at(0.15), at(0.45), at(0.9)]).toEqual(['reset', 'error', 'truncate', 'none']);
  });
});
