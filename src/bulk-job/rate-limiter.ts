/**
 * `--rate N/s`: a token bucket. Tokens refill continuously at `ratePerSecond`, up to `burst`
 * (default: one second's worth, at least 1); each row takes one before it is sent. Waiters are
 * served in arrival order, so no row starves.
 */
import { realClock, type Clock } from './clock.ts';

export interface RateLimiterOptions {
  ratePerSecond: number;
  /** Tokens that may be spent at once after an idle spell; default max(1, ratePerSecond). */
  burst?: number;
  clock?: Clock;
}

/**
 * `'50/s'`, `'50'`, `'3000/min'` → rows per second; a message when it is not a positive rate.
 * @example parseRate('3000/min') // { ok: true, perSecond: 50 }
 */
export function parseRate(
  text: string,
): { ok: true; perSecond: number } | { ok: false; message: string } {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(s|sec|second|m|min|minute))?\s*$/i.exec(text);
  const value = match ? Number(match[1]) : Number.NaN;
  if (!match || !(value > 0)) {
    return {
      ok: false,
      message: `“${text}” is not a rate: give rows per second (50 or 50/s) or per minute (3000/min), above 0.`,
    };
  }
  const perMinute = /^m/i.test(match[2] ?? '');
  return { ok: true, perSecond: perMinute ? value / 60 : value };
}

/**
 * @example
 * const limiter = new RateLimiter({ ratePerSecond: 50 });
 * await limiter.take(signal); // then send one row
 */
export class RateLimiter {
  private rate: number;
  private burst: number;
  private tokens: number;
  private last: number;
  private readonly clock: Clock;
  /** Serializes waiters: each `take` waits for the one before it. */
  private tail: Promise<void> = Promise.resolve();

  constructor(options: RateLimiterOptions) {
    this.clock = options.clock ?? realClock;
    this.rate = positive(options.ratePerSecond);
    this.burst = Math.max(1, options.burst ?? this.rate);
    this.tokens = this.burst;
    this.last = this.clock.now();
  }

  /** Changes the rate from now on (tokens already earned are kept, up to the new burst). */
  setRate(ratePerSecond: number, burst?: number): void {
    this.refill();
    this.rate = positive(ratePerSecond);
    this.burst = Math.max(1, burst ?? this.rate);
    this.tokens = Math.min(this.tokens, this.burst);
  }

  get ratePerSecond(): number {
    return this.rate;
  }

  /** Resolves when a token is taken; rejects with the signal's reason if it aborts first. */
  take(signal?: AbortSignal): Promise<void> {
    const turn = this.tail.then(() => this.takeNow(signal));
    // A cancelled waiter must not block those behind it.
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private async takeNow(signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.clock.sleep(((1 - this.tokens) / this.rate) * 1000, signal);
    }
  }

  private refill(): void {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
  }
}

function positive(rate: number): number {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`rate must be above 0: ${rate}`);
  return rate;
}
