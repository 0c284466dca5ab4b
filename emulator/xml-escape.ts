// Escaping exactly as the captured ASMX server writes XML (reference README §7): `>` is always
// escaped (so `]]>` cannot appear), quotes are escaped only in attributes, non-ASCII stays raw
// UTF-8, and C0 control characters come out as hexadecimal character references (`&#x1;`),
// which is what the server sends even though XML 1.0 forbids it.

// eslint-disable-next-line no-control-regex
const TEXT_SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f\ufffe\uffff]/;
// eslint-disable-next-line no-control-regex
const ATTRIBUTE_SPECIAL = /[&<>"\u0000-\u001f\ufffe\uffff]/;

function charReference(char: string): string {
  return `&#x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()};`;
}

function escapeWith(value: string, special: RegExp, inAttribute: boolean): string {
  if (!special.test(value)) return value;
  let out = '';
  for (const char of value) {
    switch (char) {
      case '&':
        out += '&amp;';
        break;
      case '<':
        out += '&lt;';
        break;
      case '>':
        out += '&gt;';
        break;
      case '"':
        out += inAttribute ? '&quot;' : char;
        break;
      case '\n':
      case '\t':
        out += inAttribute ? charReference(char) : char;
        break;
      default:
        out += special.test(char) ? charReference(char) : char;
    }
  }
  return out;
}

/**
 * Escapes element text: `&`, `<`, `>` and control characters; quotes stay raw.
 * @example escapeText('a < b & "c"') // 'a &lt; b &amp; "c"'
 */
export function escapeText(value: string): string {
  return escapeWith(value, TEXT_SPECIAL, false);
}

/**
 * Escapes an attribute value written between double quotes.
 * @example escapeAttribute('say "hi" & go') // 'say &quot;hi&quot; &amp; go'
 */
export function escapeAttribute(value: string): string {
  return escapeWith(value, ATTRIBUTE_SPECIAL, true);
}

/**
 * Escapes text for HTML pages (help and error pages), as ASP.NET's HtmlEncode does.
 * @example escapeHtml("it's <b>") // 'it&#39;s &lt;b&gt;'
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
