// An answer as the handler decides it, and how it goes on the wire: ASP.NET's headers, a
// Content-Length up to the stream threshold and streamed above it (body-writer.ts),
// Connection: close on errors, and the test-only fault injection that may spoil it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exceptionPage } from './error-pages.ts';
import { visibleText, type DotNetException } from './dotnet-exception.ts';
import { pickFault, type FaultInjection } from './fault-injection.ts';
import { TEXT_CONTENT_TYPE } from './soap-constants.ts';
import type { LazyDocument } from './xml-node.ts';
import {
  batches,
  readHead,
  writeStreamed,
  writeWhole,
  type StreamObserver,
} from './body-writer.ts';

/** One answer, before it is written. */
export interface Answer {
  readonly status: number;
  readonly contentType: string;
  /** `private, max-age=0` on method results (and their faults) and documentation pages. */
  readonly cacheable: boolean;
  /** A string, or a document produced only as it is written (large GetAssetStubs answers). */
  readonly body: string | LazyDocument;
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

/** How answers are written: the stream threshold, the idle cut-off, the test observer. */
export interface WriteSettings {
  readonly customErrors: boolean;
  readonly idleTimeoutMs: number;
  /** Bodies larger than this are streamed (chunked); Infinity writes every body whole. */
  readonly streamThresholdBytes: number;
  readonly observer: StreamObserver | null;
}

/**
 * Sends an answer, applying fault injection when it is on. Throws what the body's producer
 * throws; once the head is sent the caller can only destroy the connection.
 * @example await writeAnswer(req, res, answer, null, { customErrors: false, idleTimeoutMs: 30_000, streamThresholdBytes: 524_288, observer: null })
 */
export async function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Answer,
  faults: FaultInjection | null,
  settings: WriteSettings,
): Promise<void> {
  const { customErrors, idleTimeoutMs } = settings;
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
  // HEAD and the truncate fault need the whole length: they read the body whole.
  const threshold =
    req.method === 'HEAD' || fault === 'truncate' ? Infinity : settings.streamThresholdBytes;
  const head = readHead(
    batches(typeof final.body === 'string' ? [final.body] : final.body.parts()),
    threshold,
    typeof final.body === 'string' ? 0 : final.body.atLeastBytes,
  );
  const { chunks, byteLength: length } = head;
  res.statusCode = final.status;
  res.setHeader('X-AspNet-Version', '4.0.30319');
  res.setHeader('Cache-Control', final.cacheable ? 'private, max-age=0' : 'private');
  res.setHeader('Content-Type', final.contentType);
  // Streamed: no Content-Length, so node:http frames it chunked (close-delimited for HTTP/1.0).
  if (!head.rest) res.setHeader('Content-Length', length);
  if ([400, 408, 413].includes(final.status) || final.status >= 500) {
    res.setHeader('Connection', 'close');
  }
  if (head.rest) {
    await writeStreamed(res, head, idleTimeoutMs, settings.observer);
    return;
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
  await writeWhole(res, chunks, idleTimeoutMs);
}
