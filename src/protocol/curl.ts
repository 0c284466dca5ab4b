/**
 * "Copy as curl": a POSIX-shell command that sends exactly the same request. Redact first
 * (redactRequest) unless the user chose to reveal the key.
 */
import type { RawRequest } from './types.ts';

/** The page's origin when running in a browser; undefined in Node. */
function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined;
}

/**
 * Single-quotes a word for POSIX shells: nothing inside single quotes is special but `'`.
 *
 * @example
 * shellQuote("it's"); // 'it'\''s'
 */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl command for a request. A relative URL (same-origin client) is resolved against
 * `origin`, by default the page's origin in a browser (http://localhost elsewhere).
 *
 * @example
 * toCurlCommand(exchange.request, { origin: location.origin });
 * // curl --globoff -X POST 'http://localhost:5173/Inode.asmx' -H 'content-type: text/xml; charset=utf-8' … --data-binary '<?xml …'
 */
export function toCurlCommand(request: RawRequest, options: { origin?: string } = {}): string {
  const origin = options.origin ?? pageOrigin() ?? 'http://localhost';
  const url = /^[a-z][a-z0-9+.-]*:/i.test(request.url)
    ? request.url
    : `${origin.replace(/\/+$/, '')}${request.url.startsWith('/') ? '' : '/'}${request.url}`;
  const parts = ['curl', '--globoff', '-X', request.method, shellQuote(url)];
  for (const [name, value] of Object.entries(request.headers)) {
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    parts.push('--data-binary', shellQuote(request.body));
  }
  return parts.join(' ');
}
