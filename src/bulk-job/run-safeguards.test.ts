import { describe, expect, it } from 'vitest';
import { maxFailuresOf, RunSafeguards, sameFailureLimitOf } from './run-safeguards.ts';

const failed = (value: string | null, error: string | null = null) =>
  ({ state: 'failed', value, error }) as const;
const succeeded = { state: 'succeeded', value: '42', error: null } as const;

describe('RunSafeguards', () => {
  it('sends no more than the limit until a row succeeds, then stops on the same failure', () => {
    const run = new RunSafeguards(3);
    for (let i = 0; i < 3; i++) {
      expect(run.maySend()).toBe(true);
      run.sent();
    }
    expect(run.maySend()).toBe(false);
    expect(run.settled(failed('ERROR: key'), null)).toBeNull();
    expect(run.settled(failed(' ERROR: key '), null)).toBeNull();
    expect(run.settled(failed('ERROR: key'), null)).toBe(
      'Stopped: the first 3 rows all failed the same way, so the others were not sent. The service said: “ERROR: key”',
    );
  });

  it('goes on once one row succeeded, or the first failures differ', () => {
    const after = new RunSafeguards(2);
    after.sent();
    after.sent();
    expect(after.settled(succeeded, null)).toBeNull();
    expect(after.maySend()).toBe(true);
    expect(after.settled(failed('ERROR: a'), null)).toBeNull();
    expect(after.settled(failed('ERROR: a'), null)).toBeNull();

    const mixed = new RunSafeguards(2);
    expect(mixed.settled(failed(null, 'timeout'), null)).toBeNull();
    expect(mixed.settled(failed('ERROR: b'), null)).toBeNull();
    mixed.sent();
    mixed.sent();
    expect(mixed.maySend()).toBe(true);
  });

  it('stops at maxFailures, quoting the last failure', () => {
    const run = new RunSafeguards(0);
    run.settled(succeeded, 2);
    expect(run.settled(failed('ERROR: a'), 2)).toBeNull();
    expect(run.settled(failed(null, 'HTTP 500'), 2)).toBe(
      'Stopped: 2 rows failed, the most this job allows, so the others were not sent. The last failure: “HTTP 500”',
    );
  });

  it('reads the job options: 0 turns the same-failure rule off, no positive maximum is none', () => {
    expect(sameFailureLimitOf(undefined)).toBe(10);
    expect(sameFailureLimitOf(-1)).toBe(0);
    expect(maxFailuresOf(0)).toBeNull();
    expect(maxFailuresOf(undefined)).toBeNull();
    expect(maxFailuresOf(5)).toBe(5);
    const off = new RunSafeguards(sameFailureLimitOf(0));
    for (let i = 0; i < 20; i++) off.sent();
    expect(off.maySend()).toBe(true);
    expect(off.settled(failed('x'), null)).toBeNull();
  });
});
