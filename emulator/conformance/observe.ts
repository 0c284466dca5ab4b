// What the conformance replay compares of an answer, normalized so that values that change from
// run to run (GUIDs, user IDs, stack traces, host and port) do not count, while everything the
// wire format is made of does: status, content type, Cache-Control, whether the connection
// closes, and the body byte for byte otherwise (element and attribute names, namespaces, order,
// absent versus empty, whitespace layout, escaping). HTML pages differ in markup between Mono
// and .NET, so an HTML body is reduced to its error message, or to its title, headings and links.

export interface Observed {
  readonly status: number;
  readonly contentType: string;
  readonly cacheControl: string;
  readonly closesConnection: boolean;
  readonly body: string;
}

const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const USER_ID = /user-[0-9a-f]{12}/g;
/** Mono frames ("  at X (…) [0x…] in <…>:0 ") and .NET frames ("   at X(…)"), and the inner-exception marker. */
const STACK_LINE = /\n[ \t]+(?:at [^\n]*|--- End of inner exception stack trace ---)/g;
const HOST = /http:\/\/127\.0\.0\.1:\d+/g;

/** The emulator's own few lines on purpose: it shares no code with the client beyond operations.ts. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The part of an HTML page that means something across ASP.NET implementations. */
export function summarizeHtml(html: string): string {
  const mono = /<h2 class="exceptionMessage">([\s\S]*?)<\/h2>/.exec(html)?.[1];
  const dotnet = /<h2> <i>([\s\S]*?)<\/i> <\/h2>/.exec(html)?.[1];
  const message = mono ?? dotnet;
  if (message !== undefined) return `error page: ${decodeEntities(message.trim())}`;
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
  const links = [...html.matchAll(/href\s*=\s*["']([^"']*)["']/gi)]
    .map((m) => decodeEntities(m[1] ?? ''))
    .filter((href) => href.includes('.asmx'));
  const headings = [...html.matchAll(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/gi)].map((m) =>
    decodeEntities((m[1] ?? '').replace(/<[^>]*>/g, '').trim()),
  );
  return `page: ${decodeEntities(title)}; headings: ${headings.join(' | ')}; links: ${[...new Set(links)].join(' ')}`;
}

/**
 * Normalizes one answer.
 * @example observe(200, { 'content-type': 'text/xml; charset=utf-8' }, body)
 */
export function observe(
  status: number,
  headers: Readonly<Record<string, string | undefined>>,
  body: Buffer,
): Observed {
  const contentType = headers['content-type'] ?? '';
  let text = body.toString('utf8');
  if (contentType.startsWith('text/html')) {
    text = text === '' ? '' : summarizeHtml(text);
  } else {
    text = text.replace(STACK_LINE, '').replace(GUID, '{GUID}').replace(USER_ID, '{USER}');
  }
  text = text.replace(HOST, 'http://{HOST}');
  return {
    status,
    contentType,
    cacheControl: headers['cache-control'] ?? '',
    closesConnection: (headers.connection ?? '').toLowerCase() === 'close',
    body: text,
  };
}

/** The first difference between two observations, or null when they agree. */
export function firstDifference(expected: Observed, actual: Observed): string | null {
  for (const key of ['status', 'contentType', 'cacheControl', 'closesConnection'] as const) {
    if (expected[key] !== actual[key]) {
      return `${key}: expected ${JSON.stringify(expected[key])}, got ${JSON.stringify(actual[key])}`;
    }
  }
  if (expected.body !== actual.body) {
    let at = 0;
    while (at < expected.body.length && expected.body[at] === actual.body[at]) at++;
    const from = Math.max(0, at - 60);
    return `body differs at character ${at}: expected …${JSON.stringify(expected.body.slice(from, at + 80))}, got …${JSON.stringify(actual.body.slice(from, at + 80))}`;
  }
  return null;
}
