/**
 * Chromium's XML viewer's time for one size, as the native scenario left it in the results: its
 * load, or the time the bench waited before it stopped (a lower bound, so every ratio against it
 * is one too).
 */
import type { Results } from './config.ts';

export interface NativeTime {
  ms: number;
  /** The viewer had not loaded (or its tab crashed) by then. */
  atLeast: boolean;
  /** Why it is a lower bound ('still loading', 'its tab crashed'); '' for a load. */
  outcome: string;
}

/** @example nativeTime({ nativeWaited: 120000, nativeOutcome: 'still loading' })?.atLeast // true */
export function nativeTime(r: Results): NativeTime | null {
  if (r.nativeLoad !== undefined) return { ms: Number(r.nativeLoad), atLeast: false, outcome: '' };
  if (r.nativeWaited !== undefined)
    return { ms: Number(r.nativeWaited), atLeast: true, outcome: String(r.nativeOutcome) };
  return null;
}

/**
 * How many times sooner than the native viewer `ms` is, "≥" before a lower bound.
 * @example timesSooner({ ms: 120000, atLeast: true, outcome: 'still loading' }, 500) // '≥ 240.0x'
 */
export function timesSooner(native: NativeTime, ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return 'n/a';
  return `${native.atLeast ? '≥ ' : ''}${(native.ms / ms).toFixed(1)}x`;
}

/** Whether `ms` is at least `times` times sooner than the native viewer, as far as it is known. */
export function isTimesSooner(native: NativeTime, ms: number, times: number): boolean {
  return Number.isFinite(ms) && ms > 0 && native.ms / ms >= times;
}
