import { describe, expect, it } from 'vitest';
import { errorMessage, toError } from './error-message.ts';

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

describe('toError', () => {
  it('keeps an Error as it is, subclass and all', () => {
    const error = new TypeError('Failed to fetch');
    expect(toError(error)).toBe(error);
  });

  it('wraps anything else in an Error whose message is its text', () => {
    const wrapped = toError('timed out');
    expect(wrapped).toBeInstanceOf(Error);
    expect(wrapped.message).toBe('timed out');
    expect(toError(42).message).toBe('42');
  });
});
