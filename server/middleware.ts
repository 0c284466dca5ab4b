// The console server is a plain node:http middleware stack, so the Vite dev/preview adapter and
// the production entry mount the very same code (connect-compatible signature).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONSOLE_ERROR_HEADER } from '../src/console-api/index.ts';
import { ANSWER_HEADER_FIELDS } from './security-headers.ts';

export type Next = (error?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * A short plain-text answer the console (and a human with curl) can read, with the answer set of
 * security headers unless a page set is already on it.
 */
export function plainAnswer(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    // A page's or file's answer (a missing asset's 404) keeps the page set it was given.
    ...(res.hasHeader('Content-Security-Policy') ? {} : ANSWER_HEADER_FIELDS),
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    [CONSOLE_ERROR_HEADER]: code,
    'Content-Length': Buffer.byteLength(message),
  });
  res.end(message);
}
