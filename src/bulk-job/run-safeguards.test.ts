import { describe, expect, it } from 'vitest';
import { maxFailuresOf, RunSafeguards, sameFailureLimitOf } from './run-safeguards.ts';

const answer = (value: string | null, error: string | null = null) => ({ value, error });

describe('RunSafeguards', () => {
  it('sends no more than the limit until a row succeeds, then stops on the same failure', () => {
    const run = new RunSafeguards(3);
    for (let i = 0; i < 3; i++) {
      expect(run.maySend()).toBe(true);
      run.sent();
    }
    expect(run.maySend()).toBe(false);
    expect(run.failed(answer('ERROR: key'), null)).toBeNull();
    expect(run.failed(answer(' ERROR: key '), null)).toBeNull();
    expect(run.failed(answer('ERROR: key'), null)).toBe(
      'Stopped: the first 3 rows all failed the same way, so the others were not sent. The service said: “ERROR: key”',
    );
  });

  it('goes on once one row succeeded, or the first failures differ', () => {
    const after = new RunSafeguards(2);
    after.sent();
    after.sent();
    after.succeeded();
    expect(after.maySend()).toBe(true);
    expect(after.failed(answer('ERROR: a'), null)).toBeNull();
    expect(after.failed(answer('ERROR: a'), null)).toBeNull();

    const mixed = new RunSafeguards(2);
    expect(mixed.failed(answer(null, 'timeout'), null)).toBeNull();
    expect(mixed.failed(answer('ERROR: b'), null)).toBeNull();
    mixed.sent();
    mixed.sent();
    expect(mixed.maySend()).toBe(true);
  });

  it('stops at maxFailures, quoting the last failure', () => {
    const run = new RunSafeguards(0);
    run.succeeded();
    expect(run.failed(answer('ERROR: a'), 2)).toBeNull();
    expect(run.failed(answer(null, 'HTTP 500'), 2)).toBe(
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
    expect(off.failed(answer('x'), null)).toBeNull();
  });
});
