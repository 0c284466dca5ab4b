import { describe, expect, it } from 'vitest';
import { isTimesSooner, nativeTime, timesSooner } from './native-time.ts';

describe("the native viewer's time", () => {
  it('is its load when it loaded', () => {
    const time = nativeTime({ nativeLoad: 18_000, nativeResponseToLoad: 17_500 });
    expect(time).toEqual({ ms: 18_000, atLeast: false, outcome: '' });
    expect(timesSooner(time!, 300)).toBe('60.0x');
    expect(isTimesSooner(time!, 300, 60)).toBe(true);
    expect(isTimesSooner(time!, 301, 60)).toBe(false);
  });

  it('is a lower bound, with the reason, when the bench stopped waiting', () => {
    const time = nativeTime({ nativeWaited: 120_000, nativeOutcome: 'still loading' });
    expect(time).toEqual({ ms: 120_000, atLeast: true, outcome: 'still loading' });
    expect(timesSooner(time!, 480)).toBe('≥ 250.0x');
    expect(isTimesSooner(time!, 480, 40)).toBe(true);
  });

  it('is unknown when the native viewer was not run', () => {
    expect(nativeTime({ submitToPretty: 300 })).toBeNull();
  });

  it('gives no ratio for a view that was not painted', () => {
    const time = { ms: 18_000, atLeast: false, outcome: '' };
    expect(timesSooner(time, Number.NaN)).toBe('n/a');
    expect(isTimesSooner(time, Number.NaN, 1)).toBe(false);
  });
});
