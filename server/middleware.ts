// The console server is a plain node:http middleware stack, so the Vite dev/preview adapter and
// the production entry mount the very same code (connect-compatible signature).
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Next = (error?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * Runs middlewares in order; each calls next() to pass the request on. An error passed to next()
 * skips the rest and goes to `done`.
 * @example compose([securityHeaders, hostCheck])(req, res, () => res.end())
 */
export function compose(stack: readonly Middleware[]): Middleware {
  return (req, res, done) => {
    let index = 0;
    const next: Next = (error) => {
      const layer = stack[index++];
      if (error !== undefined || !layer) {
        done(error);
        return;
      }
      try {
        layer(req, res, next);
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}

/** A short plain-text answer the console (and a human with curl) can read. */
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
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Inode-Console-Error': code,
    'Content-Length': Buffer.byteLength(message),
  });
  res.end(message);
}
