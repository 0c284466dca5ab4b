/**
 * What anything thrown says: an Error's own message, anything else as a string.
 * @example errorMessage(new TypeError('Failed to fetch')) // 'Failed to fetch'
 * @example errorMessage('timed out') // 'timed out'
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Anything thrown as an Error: an Error as it is, anything else wrapped with its text as the
 * message, for a rejection or a state that must hold an Error.
 * @example toError('timed out') // Error: timed out
 */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
