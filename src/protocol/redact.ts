/**
 * Removes secrets (the OpenIDKey) from a request or exchange before it is shown, stored or
 * shared: every occurrence, in every encoding the client or server uses (raw, XML-escaped,
 * HTML-escaped, percent-encoded with %20 or +).
 */
import type { Exchange, RawRequest, RawResponse } from './types.ts';

/** What every secret is replaced with. */
export const REDACTED = '••••••';

function encodings(secret: string): string[] {
  const xml = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const forms = new Set<string>([
    secret,
    xml,
    xml.replace(/\r/g, '&#xD;'),
    xml.replace(/"/g, '&quot;'),
    xml.replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
    xml.replace(/"/g, '&quot;').replace(/'/g, '&apos;'),
  ]);
  try {
    const percent = encodeURIComponent(secret);
    forms.add(percent);
    forms.add(percent.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()));
    forms.add(new URLSearchParams({ v: secret }).toString().slice(2));
  } catch {
    // A lone surrogate cannot be percent-encoded, so it cannot have been sent that way either.
  }
  // Longest first, so that a raw form inside an encoded one cannot leave half of it behind.
  return [...forms].filter((f) => f !== '').sort((a, b) => b.length - a.length);
}

function redactText(text: string, variants: readonly string[]): string {
  let result = text;
  for (const variant of variants) {
    if (result.includes(variant)) result = result.split(variant).join(REDACTED);
  }
  return result;
}

function variantsOf(secrets: readonly string[]): string[] {
  return secrets
    .filter((s) => s !== '')
    .flatMap(encodings)
    .sort((a, b) => b.length - a.length);
}

function redactHeaders(
  headers: Record<string, string>,
  variants: readonly string[],
): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, redactText(v, variants)]));
}

/**
 * A copy of the request with every secret replaced by ••••••.
 *
 * @example
 * redactRequest(exchange.request, [params.OpenIDKey]).body; // '…<OpenIDKey>••••••</OpenIDKey>…'
 */
export function redactRequest(request: RawRequest, secrets: readonly string[]): RawRequest {
  const variants = variantsOf(secrets);
  return {
    ...request,
    url: redactText(request.url, variants),
    headers: redactHeaders(request.headers, variants),
    body: redactText(request.body, variants),
  };
}

/**
 * A copy of the exchange with every secret replaced by •••••• in request and response.
 * The response byte size is left as received.
 *
 * @example
 * history.save(redactExchange(result.exchange, [params.OpenIDKey]));
 */
export function redactExchange(exchange: Exchange, secrets: readonly string[]): Exchange {
  const variants = variantsOf(secrets);
  const response: RawResponse = {
    ...exchange.response,
    headers: redactHeaders(exchange.response.headers, variants),
    bodyText: redactText(exchange.response.bodyText, variants),
  };
  return {
    request: redactRequest(exchange.request, secrets),
    response,
    timings: { ...exchange.timings },
  };
}

/**
 * The text with every secret replaced by ••••••, in every encoding the client uses.
 *
 * @example
 * redactString('key=abc%2B1', ['abc+1']); // 'key=••••••'
 */
export function redactString(text: string, secrets: readonly string[]): string {
  return redactText(text, variantsOf(secrets));
}

/**
 * `redactString` for many texts and the same secrets: the encoded forms are worked out once (a
 * bulk job redacts every results line).
 * @example const redact = stringRedactor([key]); redact(`sent ${key}`) // 'sent ••••••'
 */
export function stringRedactor(secrets: readonly string[]): (text: string) => string {
  const variants = variantsOf(secrets);
  return (text) => redactText(text, variants);
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Whether the match at [start, end) stands alone: no letter or digit glued to either end. */
function standsAlone(text: string, start: number, end: number): boolean {
  const glued = (inside: string | undefined, outside: string | undefined): boolean =>
    inside !== undefined &&
    outside !== undefined &&
    WORD_CHAR.test(inside) &&
    WORD_CHAR.test(outside);
  return !glued(text[start], text[start - 1]) && !glued(text[end - 1], text[end]);
}

/** From this length on, every occurrence is redacted: such a string is no accident of prose. */
const ALWAYS_REDACTED_LENGTH = 6;

/**
 * Like redactText, but short forms only where they stand alone (not glued to letters or
 * digits), so that a key such as `a` does not turn "Invalid" into "Inv••••••lid" in a message.
 */
function redactStandalone(text: string, variants: readonly string[]): string {
  let result = text;
  for (const variant of variants) {
    const anywhere = variant.length >= ALWAYS_REDACTED_LENGTH;
    let out = '';
    let from = 0;
    for (let at = result.indexOf(variant); at >= 0; at = result.indexOf(variant, at + 1)) {
      if (at < from || (!anywhere && !standsAlone(result, at, at + variant.length))) continue;
      out += result.slice(from, at) + REDACTED;
      from = at + variant.length;
    }
    result = out + result.slice(from);
  }
  return result;
}

function redactedCause(cause: unknown, variants: readonly string[], depth: number): unknown {
  if (!(cause instanceof Error) || depth > 5) return cause;
  const message = redactStandalone(cause.message, variants);
  const inner = redactedCause(cause.cause, variants, depth + 1);
  if (message === cause.message && inner === cause.cause) return cause;
  const copy = new Error(message, { cause: inner });
  copy.name = cause.name;
  return copy;
}

/**
 * An error message detail and cause without the secrets (used by the error classes). Some
 * fetch implementations put the whole URL, HTTP GET query and key included, into their messages
 * ("Failed to parse URL from …"), and servers echo values in their error text. Forms shorter
 * than six characters are replaced only where they stand alone, so the message stays readable.
 *
 * @example
 * redactErrorParts('bad value (OpenIDKey="k-1")', undefined, ['k-1']).detail; // 'bad value (OpenIDKey="••••••")'
 */
export function redactErrorParts(
  detail: string,
  cause: unknown,
  secrets: readonly string[],
): { detail: string; cause: unknown } {
  const variants = variantsOf(secrets);
  if (variants.length === 0) return { detail, cause };
  return { detail: redactStandalone(detail, variants), cause: redactedCause(cause, variants, 0) };
}
