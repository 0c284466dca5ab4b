// Parameters of the HTTP GET and HTTP POST bindings as ASP.NET reads them: names are
// case-insensitive, a repeated name gives its values joined by commas, `+` is a space, %XX are
// UTF-8 bytes (raw UTF-8 in a query works too), and request validation refuses values that look
// like markup (`<` followed by a letter, `!`, `/` or `?`; or `&#`).
import { escapeHtml } from './xml-escape.ts';

/** A NameValueCollection: case-insensitive names, values in arrival order. */
export class ParameterCollection {
  private readonly entries = new Map<string, { name: string; values: string[] }>();

  add(name: string, value: string): void {
    const key = name.toLowerCase();
    const entry = this.entries.get(key);
    if (entry) entry.values.push(value);
    else this.entries.set(key, { name, values: [value] });
  }

  /** The value (duplicates joined by ','), or undefined if the name never appeared. */
  get(name: string): string | undefined {
    return this.entries.get(name.toLowerCase())?.values.join(',');
  }

  /** [name as first sent, joined value] in arrival order. */
  *pairs(): Generator<[string, string]> {
    for (const { name, values } of this.entries.values()) yield [name, values.join(',')];
  }
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/** Decodes one url-encoded component given as bytes. Bad escapes stay literal. */
function decodeComponent(bytes: Buffer): string {
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    if (byte === 0x2b) {
      out[length++] = 0x20;
    } else if (byte === 0x25) {
      const high = hexValue(bytes[i + 1]);
      const low = hexValue(bytes[i + 2]);
      if (high >= 0 && low >= 0) {
        out[length++] = high * 16 + low;
        i += 2;
      } else {
        out[length++] = byte;
      }
    } else {
      out[length++] = byte;
    }
  }
  return out.subarray(0, length).toString('utf8');
}

/**
 * Parses `a=1&b=2` given as raw bytes (a query string or a form body).
 * @example parseUrlEncoded(Buffer.from('A=1&a=2&b=x+y')).get('a') // '1,2'
 */
export function parseUrlEncoded(bytes: Buffer): ParameterCollection {
  const collection = new ParameterCollection();
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x26, start);
    if (end < 0) end = bytes.length;
    const part = bytes.subarray(start, end);
    if (part.length > 0) {
      const equals = part.indexOf(0x3d);
      if (equals < 0) collection.add('', decodeComponent(part));
      else {
        collection.add(
          decodeComponent(part.subarray(0, equals)),
          decodeComponent(part.subarray(equals + 1)),
        );
      }
    }
    start = end + 1;
  }
  return collection;
}

/** ASP.NET's CrossSiteScriptingValidation.IsDangerousString. */
export function isDangerousValue(value: string): boolean {
  for (let i = value.search(/[<&]/); i >= 0 && i < value.length - 1;) {
    const next = value[i + 1] ?? '';
    if (value[i] === '<' && /[A-Za-z!/?]/.test(next)) return true;
    if (value[i] === '&' && next === '#') return true;
    const rest = value.slice(i + 1).search(/[<&]/);
    if (rest < 0) break;
    i += 1 + rest;
  }
  return false;
}

/**
 * The HttpRequestValidationException message for the first dangerous value, or null. The value
 * is HTML-encoded inside the message, as the captured server sends it.
 * @example requestValidationMessage(parseUrlEncoded(Buffer.from('X=%3Cb%3E')), 'Form')
 */
export function requestValidationMessage(
  collection: ParameterCollection,
  source: 'QueryString' | 'Form',
): string | null {
  for (const [name, value] of collection.pairs()) {
    if (isDangerousValue(value)) {
      return `A potentially dangerous Request.${source} value was detected from the client (${escapeHtml(`${name}="${value}"`)}).`;
    }
  }
  return null;
}
