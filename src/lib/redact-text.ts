/** What a redacted secret looks like everywhere in the console (same mark as the protocol's). */
export const REDACTED = '••••••';

/**
 * Blanks every occurrence of each non-empty secret, raw and XML-escaped.
 * @example redactText('key abc used', ['abc']) // 'key •••••• used'
 */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    const escaped = secret
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;');
    for (const form of new Set([secret, escaped, encodeURIComponent(secret)])) {
      out = out.split(form).join(REDACTED);
    }
  }
  return out;
}
