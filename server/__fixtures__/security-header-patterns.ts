// What a test expects of the two sets of security headers (server/security-headers.ts), written
// independently of it: the page set on the console's pages and files, the answer set (no script
// at all) on everything else, from the Node server and from the nginx recipes alike.

const SHARED_HEADER_PATTERNS = {
  'referrer-policy': /^no-referrer$/,
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/,
  'cross-origin-opener-policy': /^same-origin$/,
  'cross-origin-resource-policy': /^same-origin$/,
};

/** The console's pages and files. */
export const PAGE_HEADER_PATTERNS: Readonly<Record<string, RegExp>> = {
  ...SHARED_HEADER_PATTERNS,
  'content-security-policy': /^default-src 'none'; script-src 'self';.*frame-ancestors 'none'/,
  'permissions-policy': /camera=\(\)/,
};

/** Every other answer: the service's, forwarded, and the console's or nginx's own. */
export const ANSWER_HEADER_PATTERNS: Readonly<Record<string, RegExp>> = {
  ...SHARED_HEADER_PATTERNS,
  'content-security-policy': /^default-src 'none'; (?!.*script-src).*frame-ancestors 'none'/,
};
