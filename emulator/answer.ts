// An answer as the handler decides it, and how it goes on the wire: ASP.NET's headers, a
// Content-Length always, Connection: close on errors, back-pressure for large bodies, and the
// test-only fault injection that may spoil it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exceptionPage } from './error-pages.ts';
import { visibleText, type DotNetException } from './dotnet-exception.ts';
import { pickFault, type FaultInjection } from './fault-injection.ts';
import { TEXT_CONTENT_TYPE } from './soap-constants.ts';
import type { ChunkedBody } from './xml-node.ts';

/** One answer, before it is written. */
export interface Answer {
  readonly status: number;
  readonly contentType: string;
  /** `private, max-age=0` on method results (and their faults) and documentation pages. */
  readonly cacheable: boolean;
  readonly body: string | ChunkedBody;
}

export const HTML_CONTENT_TYPE = 'text/html';

/**
 * An ASP.NET HTML error page.
 * @example errorPageAnswer(500, { type: 'System.Exception', message: 'x', frames: [] }, false)
 */
export function errorPageAnswer(
  status: number,
  exception: DotNetException,
  customErrors: boolean,
): Answer {
  return {
    status,
    contentType: HTML_CONTENT_TYPE,
    cacheable: false,
    body: exceptionPage(exception, customErrors),
  };
}

/**
 * The HTTP GET/POST bindings' 500 text/plain error: Exception.ToString() (or just the message
 * with customErrors On) and a line feed.
 * @example textErrorAnswer({ type: 'System.Exception', message: 'x', frames: [] }, false, false)
 */
export function textErrorAnswer(
  exception: DotNetException,
  cacheable: boolean,
  customErrors: boolean,
): Answer {
  return {
    status: 500,
    contentType: TEXT_CONTENT_TYPE,
    cacheable,
    body: `${visibleText(exception, customErrors)}\n`,
  };
}

/**
 * Writes the chunks with back-pressure, so a 40 MB answer does not pile up in socket buffers.
 * A client that stops reading for idleTimeoutMs is cut off: it would otherwise hold the whole
 * answer in memory for as long as it likes.
 */
async function writeChunks(
  res: ServerResponse,
  chunks: readonly Buffer[],
  idleTimeoutMs: number,
): Promise<void> {
  for (const chunk of chunks) {
    if (res.destroyed) return;
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        const timer = setTimeout(() => {
          res.destroy();
          done();
        }, idleTimeoutMs);
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  if (!res.destroyed) res.end();
}

/**
 * Sends an answer, applying fault injection when it is on.
 * @example await writeAnswer(req, res, answer, null, false, 30_000)
 */
export async function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Answer,
  faults: FaultInjection | null,
  customErrors: boolean,
  idleTimeoutMs: number,
): Promise<void> {
  if (faults && faults.latencyMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
  }
  const fault = faults ? pickFault(faults) : 'none';
  if (fault === 'reset') {
    req.socket.destroy();
    return;
  }
  const final =
    fault === 'error'
      ? errorPageAnswer(
          500,
          {
            type: 'System.Exception',
            message: 'Injected fault (emulator fault injection).',
            frames: [],
          },
          customErrors,
        )
      : answer;
  const chunks =
    typeof final.body === 'string' ? [Buffer.from(final.body, 'utf8')] : final.body.finish();
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  res.statusCode = final.status;
  res.setHeader('X-AspNet-Version', '4.0.30319');
  res.setHeader('Cache-Control', final.cacheable ? 'private, max-age=0' : 'private');
  res.setHeader('Content-Type', final.contentType);
  res.setHeader('Content-Length', length);
  if ([400, 408, 413].includes(final.status) || final.status >= 500) {
    res.setHeader('Connection', 'close');
  }
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  if (fault === 'truncate' && length > 1) {
    const half = Buffer.concat(chunks).subarray(0, Math.floor(length / 2));
    res.write(half, () => req.socket.destroy());
    return;
  }
  await writeChunks(res, chunks, idleTimeoutMs);
}
