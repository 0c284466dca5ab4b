/**
 * When a failed row is sent again, and after how long. Retried: HTTP 503 and 429 (waiting what
 * `Retry-After` says, in seconds or as an HTTP-date, capped), timeouts and connection errors
 * (exponential back-off with full jitter). Never retried: answers the service gave on purpose
 * (SOAP faults, `ERROR…` strings, other HTTP statuses), bad input, a cancelled call. Retries are
 * bounded; the last reason is kept so the results can say why a row failed or needed retries.
 *
 * Errors are read by shape (`name`, `status`, `exchange.response.headers`), not by class, so
 * errors that crossed a worker or the relay as plain objects are judged the same.
 */

export type RetryReason = 'busy' | 'rate-limited' | 'timeout' | 'connection';

export interface RetryPolicy {
  /** Attempts after the first; 0 turns retries off. */
  retries: number;
  /** Back-off before the first retry (doubles each time, full jitter). */
  baseDelayMs: number;
  /** No wait is longer than this, Retry-After included. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 30_000,
};

/** The most `--retries` accepts: beyond it a broken service is hammered for nothing. */
export const MAX_RETRIES = 20;

export interface Failure {
  /** Worth another attempt at all (whatever the count). */
  retryable: boolean;
  reason: RetryReason | null;
  /** What the service asked for (Retry-After), in ms, when it did. */
  retryAfterMs: number | null;
}

export type RetryDecision =
  | { retry: true; delayMs: number; reason: RetryReason }
  | { retry: false; reason: RetryReason | null };

interface ErrorShape {
  name?: unknown;
  status?: unknown;
  exchange?: { response?: { status?: unknown; headers?: Record<string, string> } };
}

/**
 * `Retry-After` as milliseconds from `nowMs`: delay-seconds or an HTTP-date; null when absent or
 * unreadable; never negative.
 * @example parseRetryAfter('2', 0) // 2000
 * @example parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')) // 5000
 */
export function parseRetryAfter(value: string | undefined | null, nowMs: number): number | null {
  if (value == null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * What kind of failure `error` is. `wallClockMs` (Date.now()) is only for HTTP-date Retry-After.
 * @example classifyFailure(httpError503) // { retryable: true, reason: 'busy', retryAfterMs: 1000 }
 */
export function classifyFailure(error: unknown, wallClockMs = Date.now()): Failure {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as ErrorShape;
  const name = typeof shape.name === 'string' ? shape.name : '';
  const status =
    typeof shape.status === 'number'
      ? shape.status
      : typeof shape.exchange?.response?.status === 'number'
        ? shape.exchange.response.status
        : null;
  if (name === 'AbortError') return { retryable: false, reason: null, retryAfterMs: null };
  if (name === 'HttpError' && (status === 503 || status === 429)) {
    const headers = shape.exchange?.response?.headers ?? {};
    return {
      retryable: true,
      reason: status === 429 ? 'rate-limited' : 'busy',
      retryAfterMs: parseRetryAfter(headers['retry-after'], wallClockMs),
    };
  }
  if (name === 'TimeoutError') return { retryable: true, reason: 'timeout', retryAfterMs: null };
  if (name === 'TransportError' || name === 'TypeError') {
    // fetch rejects with TypeError when the connection fails; the client wraps it in TransportError.
    return { retryable: true, reason: 'connection', retryAfterMs: null };
  }
  return { retryable: false, reason: null, retryAfterMs: null };
}

/**
 * Whether to send a row again after its `attempt`-th attempt (1-based) failed with `failure`.
 * `random` is injectable for tests (jitter).
 * @example decideRetry(classifyFailure(e), 1, DEFAULT_RETRY_POLICY) // { retry: true, delayMs: 173, reason: 'timeout' }
 */
export function decideRetry(
  failure: Failure,
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): RetryDecision {
  if (!failure.retryable || failure.reason === null || attempt > policy.retries) {
    return { retry: false, reason: failure.reason };
  }
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const delayMs =
    failure.retryAfterMs !== null
      ? Math.min(policy.maxDelayMs, failure.retryAfterMs)
      : Math.round(random() * backoff);
  return { retry: true, delayMs, reason: failure.reason };
}

const REASON_WORDS: Record<RetryReason, string> = {
  busy: 'the service was busy (503)',
  'rate-limited': 'the service asked to slow down (429)',
  timeout: 'no answer in time',
  connection: 'the connection failed',
};

/**
 * The note a result carries about retries.
 * @example retryNote(3, 'busy') // 'after 3 attempts; the service was busy (503)'
 */
export function retryNote(attempts: number, reason: RetryReason | null): string {
  if (attempts <= 1) return '';
  return `after ${attempts} attempts${reason ? `; ${REASON_WORDS[reason]}` : ''}`;
}

/**
 * `--retries N` checked: a whole number 0–MAX_RETRIES.
 * @example parseRetries('5') // { ok: true, retries: 5 }
 */
export function parseRetries(
  text: string,
): { ok: true; retries: number } | { ok: false; message: string } {
  const value = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || value > MAX_RETRIES) {
    return {
      ok: false,
      message: `“${text}” is not a retry count: give a whole number from 0 to ${MAX_RETRIES}.`,
    };
  }
  return { ok: true, retries: value };
}
