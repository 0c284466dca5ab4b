import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  classifyFailure,
  decideRetry,
  parseRetries,
  parseRetryAfter,
  retryNote,
} from './retry-policy.ts';

const http = (status: number, headers: Record<string, string> = {}) => ({
  name: 'HttpError',
  status,
  exchange: { response: { status, headers } },
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP-dates', () => {
    expect(parseRetryAfter('2', 0)).toBe(2000);
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
  });
  it('gives null for what it cannot read', () => {
    expect(parseRetryAfter(undefined, 0)).toBeNull();
    expect(parseRetryAfter('soon', 0)).toBeNull();
    expect(parseRetryAfter('-1', 0)).toBeNull();
  });
});

describe('classifyFailure', () => {
  it('retries 503 and 429 with their Retry-After', () => {
    expect(classifyFailure(http(503, { 'retry-after': '1' }))).toEqual({
      retryable: true,
      reason: 'busy',
      retryAfterMs: 1000,
    });
    expect(classifyFailure(http(429))).toEqual({
      retryable: true,
      reason: 'rate-limited',
      retryAfterMs: null,
    });
  });
  it('retries timeouts and connection errors, also as plain objects', () => {
    expect(classifyFailure({ name: 'TimeoutError' }).reason).toBe('timeout');
    expect(classifyFailure({ name: 'TransportError' }).reason).toBe('connection');
    expect(classifyFailure(new TypeError('fetch failed')).reason).toBe('connection');
  });
  it('never retries a fault, another status, a cancel or anything else', () => {
    for (const error of [
      http(500),
      http(404),
      { name: 'SoapFaultError' },
      { name: 'AbortError' },
      new Error('x'),
      'text',
      null,
    ]) {
      expect(classifyFailure(error).retryable).toBe(false);
    }
  });
});

describe('decideRetry', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, retries: 2, baseDelayMs: 100, maxDelayMs: 5000 };
  it('backs off exponentially with jitter, within bounds', () => {
    const timeout = classifyFailure({ name: 'TimeoutError' });
    expect(decideRetry(timeout, 1, policy, () => 1)).toEqual({
      retry: true,
      delayMs: 100,
      reason: 'timeout',
    });
    expect(decideRetry(timeout, 2, policy, () => 1)).toMatchObject({ delayMs: 200 });
    expect(decideRetry(timeout, 2, policy, () => 0)).toMatchObject({ delayMs: 0 });
  });
  it('stops after the bounded count, keeping the reason', () => {
    const busy = classifyFailure(http(503));
    expect(decideRetry(busy, 3, policy)).toEqual({ retry: false, reason: 'busy' });
  });
  it('honours Retry-After, capped', () => {
    expect(decideRetry(classifyFailure(http(503, { 'retry-after': '3' })), 1, policy)).toEqual({
      retry: true,
      delayMs: 3000,
      reason: 'busy',
    });
    expect(
      decideRetry(classifyFailure(http(429, { 'retry-after': '3600' })), 1, policy),
    ).toMatchObject({ delayMs: 5000 });
  });
  it('does not retry when retries are off', () => {
    expect(decideRetry(classifyFailure(http(503)), 1, { ...policy, retries: 0 }).retry).toBe(false);
  });
});

describe('words', () => {
  it('notes retries with their reason', () => {
    expect(retryNote(1, null)).toBe('');
    expect(retryNote(3, 'busy')).toBe('after 3 attempts; the service was busy (503)');
  });
  it('checks --retries', () => {
    expect(parseRetries('0')).toEqual({ ok: true, retries: 0 });
    expect(parseRetries('21').ok).toBe(false);
    expect(parseRetries('two').ok).toBe(false);
  });
});
