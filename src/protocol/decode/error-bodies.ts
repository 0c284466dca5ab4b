/**
 * Readable summaries of non-XML error bodies: the ASP.NET text/plain exception text of HTTP
 * GET/POST errors, and ASP.NET (or any) HTML error pages.
 */

const HTML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
};

/**
 * Decodes the HTML character references ASP.NET writes into text (`&quot;`, `&#39;`, `&lt;`…).
 * Unknown named references are left as written.
 *
 * @example
 * decodeHtmlText('Invalid method name &#39;{0}&#39;'); // "Invalid method name '{0}'"
 */
export function decodeHtmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const codePoint =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff)
        ? String.fromCodePoint(codePoint)
        : whole;
    }
    return HTML_ENTITIES[name] ?? whole;
  });
}

export interface ExceptionText {
  exceptionType: string | null;
  exceptionMessage: string;
  stackTrace: string | null;
}

// `System.Web.HttpRequestValidationException: …`: a dotted .NET type name ending in Exception.
const EXCEPTION_TYPE = /^((?:[A-Za-z_][\w`+]*\.)+[A-Za-z_][\w`+]*Exception): ?/;
const STACK_START = /^[ \t]+(?:at |--- End of inner exception stack trace ---)/m;

/**
 * Splits `exception.ToString()` (customErrors Off) or a bare message (customErrors On) into
 * type, message and stack trace, after HTML-decoding.
 *
 * @example
 * splitExceptionText('System.ApplicationException: boom\n  at X.Y ()\n').exceptionType; // 'System.ApplicationException'
 */
export function splitExceptionText(body: string): ExceptionText {
  const text = decodeHtmlText(body).replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const typeMatch = EXCEPTION_TYPE.exec(text);
  const rest = typeMatch ? text.slice(typeMatch[0].length) : text;
  const stack = STACK_START.exec(rest);
  const message = (stack ? rest.slice(0, stack.index) : rest).replace(/\n+$/, '');
  return {
    exceptionType: typeMatch?.[1] ?? null,
    exceptionMessage: message,
    stackTrace: stack ? rest.slice(stack.index) : null,
  };
}

export interface HtmlSummary {
  summary: string;
  /** The ASP.NET "Request format is unrecognized for URL unexpectedly ending in" message. */
  protocolDisabled: boolean;
}

const UNRECOGNIZED_URL = 'Request format is unrecognized for URL unexpectedly ending in';

function stripTags(html: string): string {
  return decodeHtmlText(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A one-line summary of an HTML error page: ASP.NET's `<h2><i>message</i></h2>`, else its
 * `<title>`, else the first text of the page.
 *
 * @example
 * summarizeHtml('<title>Oops</title><h2><i>Request format is unrecognized.</i></h2>').summary; // 'Request format is unrecognized.'
 */
export function summarizeHtml(html: string): HtmlSummary {
  // .NET: <h2> <i>message</i> </h2>; Mono: <h1>Type</h1> <h2 class="exceptionMessage">message</h2>.
  const netMessage = /<h2[^>]*>\s*<i>([\s\S]*?)<\/i>\s*<\/h2>/i.exec(html)?.[1];
  const monoMessage = /<h2[^>]*class="exceptionMessage"[^>]*>([\s\S]*?)<\/h2>/i.exec(html)?.[1];
  const monoType = /<h1>([\w.`]+(?:Exception|Error))<\/h1>/.exec(html)?.[1];
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const body = /<body[^>]*>([\s\S]*)/i.exec(html)?.[1] ?? html;
  let summary: string;
  if (netMessage !== undefined) summary = stripTags(netMessage);
  else if (monoMessage !== undefined)
    summary = `${monoType ? `${monoType}: ` : ''}${stripTags(monoMessage)}`;
  else summary = stripTags(title ?? body);
  return {
    summary: summary.slice(0, 300),
    protocolDisabled: decodeHtmlText(html).includes(UNRECOGNIZED_URL),
  };
}

/** First non-empty line of a plain-text body, for error summaries. */
export function firstTextLine(body: string): string {
  return (
    body
      .split(/\r?\n/)
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}
