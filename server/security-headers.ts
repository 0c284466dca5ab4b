// The security headers every response of the console server carries (docs/deploy.md explains
// each directive). The console's pages and files get the page set; its own answers (/Inode.asmx,
// the console API, refusals) are data, and get a shorter set whose CSP allows no script at all:
// the same defences in less than half the bytes, on the path every call takes.
// Page scripts: only the console's own files, never inline or eval; the dev server adds a nonce
// that Vite stamps on the scripts it injects (React refresh preamble). Page styles allow
// 'unsafe-inline': CodeMirror injects <style> elements and style attributes at run time, which a
// nonce cannot cover (nonces do not apply to style attributes); docs/deploy.md weighs the risk.

import type { ServerResponse } from 'node:http';

export interface SecurityHeaderOptions {
  /** Dev server only: the nonce Vite puts on the <script> elements it injects. */
  readonly devNonce?: string;
}

// Every powerful feature, granted to nobody: the console needs none of them.
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The Content-Security-Policy value.
 * @example contentSecurityPolicy() // "default-src 'none'; script-src 'self'; ..."
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const nonce = options.devNonce ? ` 'nonce-${options.devNonce}'` : '';
  return [
    "default-src 'none'",
    `script-src 'self'${nonce}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The Content-Security-Policy of an answer that is data rather than a page: no script, no
 * connection, no frame. Inline styles and data: images let a browser's own XML viewer (an
 * HTTP GET binding URL opened in a tab) and the service's HTML help pages look as they should;
 * forms may post only to this origin, as the help pages' test forms do.
 */
export const ANSWER_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const SHARED_HEADERS: ReadonlyArray<[string, string]> = [
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/** The page set (the console's HTML and files), as [name, value] pairs computed once per server. */
export function securityHeaders(options: SecurityHeaderOptions = {}): Array<[string, string]> {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(options)],
    ...SHARED_HEADERS,
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
}

/**
 * The answer set: the console's own answers and the service's answers it forwards. A page's
 * Permissions-Policy has nothing to restrict in a document that runs no script.
 */
export function answerSecurityHeaders(): Array<[string, string]> {
  return [['Content-Security-Policy', ANSWER_CONTENT_SECURITY_POLICY], ...SHARED_HEADERS];
}

/**
 * The answer set as the header object of a `writeHead`: the console's own answers write it with
 * their other headers, in one call (docs/security.md, "Security headers on every answer").
 */
export const ANSWER_HEADER_FIELDS: Readonly<Record<string, string>> =
  Object.fromEntries(answerSecurityHeaders());

/** The answer set as the flat name, value... list a forwarded answer's `writeHead` starts with. */
export const ANSWER_HEADER_LIST: readonly string[] = answerSecurityHeaders().flat();

/** Sets the answer set on a response someone else writes (the embedded emulator's). */
export function setAnswerHeaders(res: ServerResponse): void {
  for (const name in ANSWER_HEADER_FIELDS) res.setHeader(name, ANSWER_HEADER_FIELDS[name]!);
}
