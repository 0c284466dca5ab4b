/**
 * What anything thrown says: an Error's own message, anything else as a string.
 * @example errorMessage(new TypeError('Failed to fetch')) // 'Failed to fetch'
 * @example errorMessage('timed out') // 'timed out'
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
