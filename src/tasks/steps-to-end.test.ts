import { describe, expect, it } from 'vitest';
import { stepsToEnd } from './steps-to-end.ts';

describe('stepsToEnd', () => {
  it('runs every step and gives the value the last returns', () => {
    const ran: number[] = [];
    function* counted(): Generator<void, string, void> {
      for (let i = 0; i < 3; i++) {
        ran.push(i);
        yield;
      }
      return 'done';
    }
    expect(stepsToEnd(counted())).toBe('done');
    expect(ran).toEqual([0, 1, 2]);
  });
});
