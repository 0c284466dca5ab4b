/**
 * How a streamed job sends its rows: the CLI's options (`--rate`, `--concurrency`,
 * `--adaptive`, `--retries`) as the page's form holds them, checked with the CLI's own rules so
 * both say the same thing about the same value.
 */
import { parseRate } from '../../../bulk-job/rate-limiter.ts';
import { DEFAULT_RETRY_POLICY, parseRetries } from '../../../bulk-job/retry-policy.ts';
import { MAX_CONCURRENCY } from '../../../bulk-job/bulk-runner.ts';

/** The form's values, as typed. */
export interface StreamSettingsForm {
  /** Rows per second (50, 50/s, 3000/min); empty: as fast as the concurrency allows. */
  rate: string;
  concurrency: string;
  adaptive: boolean;
  retries: string;
}

export interface StreamSettings {
  ratePerSecond: number | null;
  concurrency: number;
  adaptive: boolean;
  retries: number;
}

export const DEFAULT_STREAM_SETTINGS: StreamSettingsForm = {
  rate: '',
  concurrency: '6',
  adaptive: false,
  retries: String(DEFAULT_RETRY_POLICY.retries),
};

/** @example rateMessage('fast') // '“fast” is not a rate: …' ; rateMessage('') // true */
export function rateMessage(text: string): true | string {
  if (text.trim() === '') return true;
  const rate = parseRate(text);
  return rate.ok || rate.message;
}

/** @example concurrencyMessage('0') // 'Concurrency is a whole number from 1 to 64.' */
export function concurrencyMessage(text: string): true | string {
  const value = Number(text);
  return (
    (/^\s*\d+\s*$/.test(text) && value >= 1 && value <= MAX_CONCURRENCY) ||
    `“${text}” is not a concurrency: give a whole number from 1 to ${MAX_CONCURRENCY}.`
  );
}

export function retriesMessage(text: string): true | string {
  const retries = parseRetries(text);
  return retries.ok || retries.message;
}

/** The settings a valid form holds. @example streamSettings(DEFAULT_STREAM_SETTINGS) */
export function streamSettings(form: StreamSettingsForm): StreamSettings | null {
  const rate = form.rate.trim() === '' ? null : parseRate(form.rate);
  const retries = parseRetries(form.retries);
  if ((rate && !rate.ok) || !retries.ok || concurrencyMessage(form.concurrency) !== true) {
    return null;
  }
  return {
    ratePerSecond: rate?.ok ? rate.perSecond : null,
    concurrency: Number(form.concurrency),
    adaptive: form.adaptive,
    retries: retries.retries,
  };
}
