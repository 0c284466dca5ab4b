import { describe, expect, it } from 'vitest';
import { RateLimiter, parseRate } from './rate-limiter.ts';
import { fakeClock } from './fake-clock.test-helper.ts';

describe('parseRate', () => {
  it('reads per second and per minute', () => {
    expect(parseRate('50')).toEqual({ ok: true, perSecond: 50 });
    expect(parseRate('50/s')).toEqual({ ok: true, perSecond: 50 });
    expect(parseRate('3000/min')).toEqual({ ok: true, perSecond: 50 });
  });
  it('refuses what is not a positive rate, quoting it', () => {
    for (const bad of ['0', '-3', 'fast', '5/h', '']) {
      const parsed = parseRate(bad);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain(`“${bad}”`);
    }
  });
});

describe('RateLimiter', () => {
  it('lets the burst through at once, then one token per 1/rate seconds', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ ratePerSecond: 10, burst: 2, clock });
    let taken = 0;
    for (let i = 0; i < 6; i++) void limiter.take().then(() => (taken += 1));
    await clock.advance(0);
    expect(taken).toBe(2);
    await clock.advance(100);
    expect(taken).toBe(3);
    await clock.advance(300);
    expect(taken).toBe(6);
  });

  it('never exceeds rate × time + burst over a long run', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ ratePerSecond: 50, clock });
    let taken = 0;
    for (let i = 0; i < 500; i++) void limiter.take().then(() => (taken += 1));
    await clock.advance(2000);
    expect(taken).toBeLessThanOrEqual(50 + 100);
    expect(taken).toBeGreaterThanOrEqual(149);
  });

  it('a cancelled waiter rejects and does not hold up the next', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ ratePerSecond: 1, burst: 1, clock });
    await limiter.take();
    const controller = new AbortController();
    const cancelled = limiter.take(controller.signal);
    let next = false;
    void limiter.take().then(() => (next = true));
    controller.abort(new Error('stop'));
    await expect(cancelled).rejects.toThrow('stop');
    await clock.advance(1000);
    expect(next).toBe(true);
  });

  it('refuses a rate that is not above 0', () => {
    expect(() => new RateLimiter({ ratePerSecond: 0 })).toThrow(RangeError);
  });
});
