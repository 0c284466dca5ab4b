import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message.ts';

describe('errorMessage', () => {
  it("gives an Error's own message, not its name or stack", () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    class Refused extends Error {
      override name = 'Refused';
    }
    expect(errorMessage(new Refused('no'))).toBe('no');
  });

  it('gives anything else thrown as a string', () => {
    expect(errorMessage('timed out')).toBe('timed out');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage({ message: 'not an Error' })).toBe('[object Object]');
  });
});
