// The embedded Inode.asmx: a plain node:http request handler, used by the standalone server
// (emulator/server.ts, emulator/cli.ts) and mounted by the Vite dev and preview servers
// (server/vite-plugin.ts). Routing, limits and error shapes follow the captured ASMX server,
// with Microsoft .NET's behaviour where Mono's differs (placeholders filled in, HTTP/1.1).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SERVICE_PATH } from '../src/protocol/operations.ts';
import { EmulatorStore } from './store.ts';
import { resolveOptions, type EmulatorOptions, type ResolvedOptions } from './options.ts';
import { createServiceContext } from './service-context.ts';
import { HTML_CONTENT_TYPE, writeAnswer, type Answer } from './answer.ts';
import { soapAnswer } from './soap-binding.ts';
import { operationUrlAnswer } from './http-binding.ts';
import { documentationAnswer } from './documentation.ts';
import { exceptionPage, httpErrorPage, notFoundPage } from './error-pages.ts';
import { readRequestBody } from './request-body.ts';
import type { FaultInjection } from './fault-injection.ts';
import type { StreamObserver } from './body-writer.ts';

/** The node:http handler, plus what tests and the CLI need around it. */
export interface EmulatorHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  readonly options: ResolvedOptions;
  readonly store: EmulatorStore;
  /** Test-only control: turns fault injection on (or off with null) at run time. */
  setFaultInjection(faults: FaultInjection | null): void;
  /** Test-only: told of (and awaited after) every batch of a streamed answer; null: off. */
  setStreamObserver(observer: StreamObserver | null): void;
  /** Closes the database. */
  close(): void;
}

/** Splits the raw target: the path (percent-decoded) and the query as raw bytes. */
function splitTarget(url: string | undefined): { path: string; query: Buffer } {
  // node:http hands the target over as latin1: back to bytes, so raw UTF-8 survives.
  const raw = Buffer.from(url ?? '/', 'latin1');
  const questionMark = raw.indexOf(0x3f);
  const rawPath = (questionMark < 0 ? raw : raw.subarray(0, questionMark)).toString('utf8');
  const query = questionMark < 0 ? Buffer.alloc(0) : raw.subarray(questionMark + 1);
  try {
    return { path: decodeURIComponent(rawPath), query };
  } catch {
    return { path: rawPath, query };
  }
}

/**
 * Creates the emulator's request handler (opens the database and seeds the demo users).
 * @example
 * const handler = createEmulatorHandler({ db: ':memory:' });
 * http.createServer(handler).listen(0);
 */
export function createEmulatorHandler(options: EmulatorOptions = {}): EmulatorHandler {
  const resolved = resolveOptions(options);
  const store = EmulatorStore.open(resolved.db);
  const context = createServiceContext(resolved, store);
  const { customErrors } = resolved;
  let faults = resolved.faultInjection;
  let observer: StreamObserver | null = null;

  const htmlAnswer = (status: number, message: string): Answer => ({
    status,
    contentType: HTML_CONTENT_TYPE,
    cacheable: false,
    body: httpErrorPage(message, customErrors),
  });

  /** The body, or the answer to give when it cannot be read (null: connection already gone). */
  async function readBody(req: IncomingMessage): Promise<Buffer | Answer | null> {
    const result = await readRequestBody(req, resolved.maxRequestBytes, resolved.bodyTimeoutMs);
    if (result.ok) return result.body;
    if (result.reason === 'too-large') return htmlAnswer(413, 'Maximum request length exceeded.');
    if (result.reason === 'timeout') return htmlAnswer(408, 'Request timed out.');
    return null;
  }

  async function answerFor(req: IncomingMessage): Promise<Answer | null> {
    const { path, query } = splitTarget(req.url);
    if (path.startsWith(`${SERVICE_PATH}/`)) {
      return operationUrlAnswer(context, req, path.slice(SERVICE_PATH.length + 1), query, readBody);
    }
    if (path !== SERVICE_PATH) {
      return {
        status: 404,
        contentType: HTML_CONTENT_TYPE,
        cacheable: false,
        body: notFoundPage(path),
      };
    }
    if (req.method === 'GET') return documentationAnswer(context, req, query);
    if (req.method !== 'POST') return htmlAnswer(405, 'Request format is unrecognized.');
    const body = await readBody(req);
    return Buffer.isBuffer(body) ? soapAnswer(context, req, body) : body;
  }

  const handler = ((req: IncomingMessage, res: ServerResponse): void => {
    answerFor(req)
      .then((answer) => {
        if (answer === null) {
          req.socket.destroy();
          return;
        }
        return writeAnswer(req, res, answer, faults, {
          customErrors,
          idleTimeoutMs: resolved.bodyTimeoutMs,
          streamThresholdBytes: resolved.streamThresholdBytes,
          observer,
        });
      })
      .catch((error: unknown) => {
        console.error('[emulator] unexpected error', error);
        // Part of a streamed answer is out: cutting the connection is the only way left to tell
        // the client, which then reports a truncated body (no final chunk).
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const page = exceptionPage(
          {
            type: 'System.Exception',
            message: 'The emulator failed to answer this request.',
            frames: [],
          },
          customErrors,
        );
        res.writeHead(500, { 'Content-Type': HTML_CONTENT_TYPE, Connection: 'close' });
        res.end(page);
      });
  }) as EmulatorHandler;

  return Object.assign(handler, {
    options: resolved,
    store,
    setFaultInjection(next: FaultInjection | null) {
      faults = next;
    },
    setStreamObserver(next: StreamObserver | null) {
      observer = next;
    },
    close() {
      store.close();
    },
  });
}
