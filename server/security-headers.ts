// The security headers every response of the console server carries (docs/deploy.md explains
// each directive). Scripts: only the console's own files, never inline or eval; the dev server
// adds a nonce that Vite stamps on the scripts it injects (React refresh preamble). Styles allow
// 'unsafe-inline': CodeMirror injects <style> elements and style attributes at run time, which a
// nonce cannot cover (nonces do not apply to style attributes); docs/deploy.md weighs the risk.

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

/** The full header set, as [name, value] pairs computed once per server. */
export function securityHeaders(options: SecurityHeaderOptions = {}): Array<[string, string]> {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(options)],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
}
