import { isAbsoluteUri } from '../../text/absolute-uri.ts';

/**
 * Advice on a ServiceURI, never a block: the service's accepted values are unknown.
 * @example serviceUriWarning('example.org/x') // 'This is not an absolute URI ...'
 */
export function serviceUriWarning(value: string | undefined): string | undefined {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return undefined;
  if (isAbsoluteUri(trimmed)) return undefined;
  return 'This is not an absolute URI (such as https://host/path). The service may still accept it.';
}
