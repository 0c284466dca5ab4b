import { createHash } from 'node:crypto';

/**
 * The UserID both models report: `user-` and the first 12 hex digits of MD5(UTF-8 key), the
 * reference service's rule (a null key hashes as '').
 * @example userIdFor('alice') // 'user-6384e2b2184b'
 */
export function userIdFor(openIdKey: string | null): string {
  return `user-${createHash('md5')
    .update(openIdKey ?? '', 'utf8')
    .digest('hex')
    .slice(0, 12)}`;
}
