/** What a redacted secret looks like everywhere in the console (same mark as the protocol's). */
export const REDACTED = '••••••';

/**
 * Blanks every occurrence of each non-empty secret: raw, XML-escaped, percent- and form-encoded.
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
    const percent = encodeURIComponent(secret);
    const formEncoded = percent.replace(/%20/g, '+');
    for (const form of new Set([secret, escaped, percent, formEncoded])) {
      out = out.split(form).join(REDACTED);
    }
  }
  return out;
}
