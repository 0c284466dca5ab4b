// One relayed call as the node:http request/response pair the console's routes expect, held in
// memory: the relay (relay.ts) runs each call through the very middleware stack that serves
// /Inode.asmx over HTTP (access log, guards, target choice, proxy or embedded emulator), so the
// forwarding code exists once. Only what that stack uses of node:http is implemented.
import {
  STATUS_CODES,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { Readable, Writable } from 'node:stream';

/** The parts of a request the relay hands over. */
export interface RelayedRequestInit {
  readonly method: string;
  readonly url: string;
  /** Lower-case names. */
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
  readonly remoteAddress: string | undefined;
  /** A larger answer is cut off and the call fails with AnswerTooLargeError (none: no cap). */
  readonly maxAnswerBytes?: number;
}

/** The target's answer outgrew the relay's cap; the target connection was closed. */
export class AnswerTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(
      `the answer is larger than the relay carries (${limit} bytes, INODE_RELAY_MAX_ANSWER_BYTES); the call was cut off`,
    );
    this.name = 'AnswerTooLargeError';
  }
}

/** The request side: its body is the message's body, read once. */
class RelayedRequest extends Readable {
  readonly httpVersion = '1.1';
  readonly method: string;
  url: string;
  readonly headers: Record<string, string>;
  readonly socket: { remoteAddress: string | undefined; bytesWritten: number; destroy(): void };
  private body: Uint8Array | null;

  constructor(init: RelayedRequestInit, socket: RelayedRequest['socket']) {
    super();
    this.method = init.method;
    this.url = init.url;
    this.headers = init.headers;
    this.body = init.body;
    this.socket = socket;
  }

  override _read(): void {
    const body = this.body;
    this.body = null;
    if (body && body.byteLength > 0)
      this.push(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    this.push(null);
  }
}

type HeaderValue = number | string | readonly string[];

function isFlatList(
  headers: OutgoingHttpHeaders | readonly string[] | undefined,
): headers is readonly string[] {
  return Array.isArray(headers);
}

/** The response side: status, headers and body collected for one relay message. */
class RelayedResponse extends Writable {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  bytesOut = 0;
  private readonly headers = new Map<string, { name: string; value: HeaderValue }>();
  private readonly chunks: Buffer[] = [];

  constructor(private readonly maxBytes: number) {
    super();
  }

  setHeader(name: string, value: HeaderValue): this {
    this.headers.set(name.toLowerCase(), { name, value });
    return this;
  }

  getHeader(name: string): HeaderValue | undefined {
    return this.headers.get(name.toLowerCase())?.value;
  }

  hasHeader(name: string): boolean {
    return this.headers.has(name.toLowerCase());
  }

  removeHeader(name: string): void {
    this.headers.delete(name.toLowerCase());
  }

  /** As node:http's: headers as an object, or as the flat name, value... list the proxy writes. */
  writeHead(
    status: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | readonly string[],
    maybeHeaders?: OutgoingHttpHeaders | readonly string[],
  ): this {
    this.statusCode = status;
    const headers = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    if (typeof reasonOrHeaders === 'string') this.statusMessage = reasonOrHeaders;
    if (isFlatList(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) this.appendFlat(headers[i]!, headers[i + 1]!);
    } else {
      for (const [name, value] of Object.entries(headers ?? {}))
        if (value !== undefined) this.setHeader(name, value);
    }
    this.headersSent = true;
    return this;
  }

  /** A flat list may name a header twice (two Set-Cookie... lines): each value is kept. */
  private appendFlat(name: string, value: string): void {
    const had = this.headers.get(name.toLowerCase())?.value;
    if (had === undefined) this.setHeader(name, value);
    else this.setHeader(name, [...(Array.isArray(had) ? had : [String(had)]), value]);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    this.headersSent = true;
    this.bytesOut += chunk.length;
    if (this.bytesOut > this.maxBytes) {
      // Dropped at once: the cap bounds what one call holds, whatever the target sends.
      this.chunks.length = 0;
      done(new AnswerTooLargeError(this.maxBytes));
      return;
    }
    this.chunks.push(chunk);
    done();
  }

  /** Name/value pairs as the HTTP route would send them (multi-valued headers repeated). */
  headerPairs(): [string, string][] {
    const pairs: [string, string][] = [];
    for (const { name, value } of this.headers.values()) {
      if (Array.isArray(value)) for (const item of value) pairs.push([name, String(item)]);
      else pairs.push([name, String(value)]);
    }
    return pairs;
  }

  body(): Buffer {
    return this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
  }
}

export interface RelayedAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: [string, string][];
  readonly body: Buffer;
}

export interface RelayedExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The answer once complete; rejects when the exchange is cut off (target reset, abort). */
  readonly answer: Promise<RelayedAnswer>;
  /** Gives up on the call: the proxy closes its target connection, as for a closed browser. */
  abort(): void;
}

/**
 * @example const exchange = relayedExchange(init); middleware(exchange.req, exchange.res, next);
 */
export function relayedExchange(init: RelayedRequestInit): RelayedExchange {
  const res = new RelayedResponse(init.maxAnswerBytes ?? Number.POSITIVE_INFINITY);
  let failure: Error | null = null;
  res.once('error', (error) => {
    failure = error;
  });
  const abort = (): void => {
    if (!res.writableFinished) res.destroy();
  };
  const req = new RelayedRequest(init, {
    remoteAddress: init.remoteAddress,
    get bytesWritten() {
      return res.bytesOut;
    },
    destroy: abort,
  });
  const answer = new Promise<RelayedAnswer>((resolve, reject) => {
    res.once('finish', () =>
      resolve({
        status: res.statusCode,
        statusText: res.statusMessage || (STATUS_CODES[res.statusCode] ?? ''),
        headers: res.headerPairs(),
        body: res.body(),
      }),
    );
    res.once('close', () => {
      if (!res.writableFinished)
        reject(failure ?? new Error('the connection to the target was cut off'));
    });
  });
  answer.catch(() => undefined);
  return {
    req: req as unknown as IncomingMessage,
    res: res as unknown as ServerResponse,
    answer,
    abort,
  };
}
