/**
 * Whether a ServiceURI is an absolute URI. Only advice: the service's accepted values are unknown.
 * @example isAbsoluteUri('https://host/a') // true
 * @example isAbsoluteUri('host/a') // false
 */
export function isAbsoluteUri(value: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
