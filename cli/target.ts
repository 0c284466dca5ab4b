/**
 * --target: where /Inode.asmx lives, given as the service URL or the site under which it is.
 */
import { SERVICE_PATH } from '../src/protocol/index.ts';
import { UsageError } from './exit-codes.ts';

/**
 * The client's baseUrl for a --target value.
 * @example targetBaseUrl('http://h:8099/Inode.asmx') // 'http://h:8099'
 * @example targetBaseUrl('https://h/app/') // 'https://h/app'
 */
export function targetBaseUrl(target: string): string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new UsageError(
      `--target must be an http or https URL, e.g. http://127.0.0.1:8099; got "${target}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--target must be an http or https URL; got a ${url.protocol} URL.`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new UsageError('--target takes no query, fragment or credentials: just the service URL.');
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (path.toLowerCase().endsWith(SERVICE_PATH.toLowerCase()))
    path = path.slice(0, -SERVICE_PATH.length);
  return `${url.origin}${path}`;
}
