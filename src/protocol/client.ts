/**
 * createInodeClient: the public entry point. One client speaks one binding to one base URL;
 * every call checks its values, builds the binding's request, sends it, and decodes the answer
 * into a result or one of the typed errors, always with the raw exchange.
 */
import {
  decodeLocated,
  decodeResponse,
  type DecodedRecord,
  type DecodedString,
} from './decode/decode-response.ts';
import { encodeRequest, needsNamespace, serviceUrl } from './encode/encode-request.ts';
import {
  HttpError,
  InputError,
  ResponseFormatError,
  ResponseTooLargeError,
  TimeoutError,
  TransportError,
  type ErrorContext,
} from './errors.ts';
import { OPERATIONS, type OperationName, type OperationParams } from './operations.ts';
import {
  BodyTooLarge,
  ExchangeFailure,
  performExchange,
  textDecoderFor,
  untilAborted,
  type FetchLike,
  type HeldBody,
} from './transport.ts';
import { holdAnswer } from './held-answer.ts';
import type { TextOrHeld } from '../text/held-text.ts';
import { watchDataStubsHead, type DataStubsHeadWatcher } from './decode/data-stubs-head.ts';
import { DocumentScanner } from './decode/scan-document.ts';
import { DataStubsRest } from './decode/data-stubs-rest.ts';
import type { TextSpan } from './decode/data-stubs.ts';
import { WarningSink } from './decode/xml-text.ts';
import type {
  AddUserAssetIndexResult,
  CallOptions,
  HoldingCallOptions,
  DataStubsRestSink,
  DecodeWarning,
  Exchange,
  GetAssetStubsResult,
  InodeClientOptions,
  InodeProtocolClient,
} from './types.ts';
import { NamespaceDiscoveryError, discoverNamespace } from './wsdl.ts';
import { findForbiddenCharacter } from '../xml/reader/xml-chars.ts';

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Added to every HTTP GET result: that binding is the one place the OpenIDKey goes into a URL,
 * where browser history, proxies and server logs can keep it.
 */
export const SECRET_IN_URL_WARNING: DecodeWarning = {
  code: 'secret-in-url',
  message:
    'HTTP GET sends the OpenIDKey in the URL, where proxies, server logs and browser history can record it. Prefer SOAP or HTTP POST.',
};

/**
 * The URL a call goes to (HTTP GET adds the query string to it).
 *
 * @example
 * operationUrl('http://h', 'http-post', 'GetAssetStubs'); // 'http://h/Inode.asmx/GetAssetStubs'
 */
export function operationUrl(
  baseUrl: string,
  binding: InodeClientOptions['binding'],
  op: OperationName,
): string {
  return needsNamespace(binding) ? serviceUrl(baseUrl) : `${serviceUrl(baseUrl)}/${op}`;
}

/**
 * How much of DataStubs a head holds: a few screens of pretty-printed lines, and a table's first
 * records (200 stubs of the reference service's size).
 */
export const DATA_STUBS_HEAD_CHARS = 128 * 1024;

/** The longest the body's reading waits for the head to be shown (CallOptions.onDataStubsHead). */
export const HEAD_SHOWN_WAIT_MS = 1_000;

/**
 * Tells `onHead` the head once it is in, and `onShowing` what its showing returned: a promise
 * the body's reading waits for (at most HEAD_SHOWN_WAIT_MS).
 */
function headWatcher(
  onHead: NonNullable<CallOptions['onDataStubsHead']>,
  rest: DataStubsRest | null,
  onShowing: (shown: Promise<void>) => void,
): DataStubsHeadWatcher {
  return watchDataStubsHead(DATA_STUBS_HEAD_CHARS, (head, fieldsBefore, cut) => {
    courtesy(() => {
      const shown = onHead(head, fieldsBefore);
      if (isPromiseLike(shown)) onShowing(settledWithin(shown, HEAD_SHOWN_WAIT_MS));
    });
    rest?.start(head, cut.at, cut.textAfter);
  });
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Settles when `promise` does, fulfilled or not, or after `ms`, whichever comes first. */
function settledWithin(promise: PromiseLike<unknown>, ms: number): Promise<void> {
  return new Promise((settle) => {
    const timer = setTimeout(settle, ms);
    const done = () => {
      clearTimeout(timer);
      settle();
    };
    Promise.resolve(promise).then(done, done);
  });
}

/**
 * Runs a caller's hook that shows an answer early (its head, its other parts): a courtesy, whose
 * failure must not fail the call.
 */
function courtesy(hook: () => void): void {
  try {
    hook();
  } catch {
    /* the result still follows */
  }
}

function guardedSink(sink: DataStubsRestSink): DataStubsRestSink {
  return {
    part: (text) => courtesy(() => sink.part(text)),
    end: (complete) => courtesy(() => sink.end(complete)),
  };
}

/**
 * Creates a client for one binding of one service.
 *
 * @example
 * const client = createInodeClient({ baseUrl: '', binding: 'soap11' });
 * const { record, dataStubsForm } = await client.getAssetStubs({ OpenIDKey: key, AssetType: '', OtherFilterCriteria: '' });
 * if (!record.Success) console.warn(record.ErrorCode, record.ErrorMessage);
 */
export function createInodeClient(options: InodeClientOptions): InodeProtocolClient {
  const { baseUrl, binding } = options;
  const fetchImpl: FetchLike = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const namespace = async (callOptions?: CallOptions): Promise<string> => {
    if (options.namespace !== undefined) return options.namespace;
    // The lookup is shared by concurrent calls, so one caller's abort must not cancel it for
    // the others: each caller stops waiting instead.
    return untilAborted(
      discoverNamespace(baseUrl, options.fetch, { timeoutMs }),
      callOptions?.signal,
      () =>
        new NamespaceDiscoveryError({
          kind: 'aborted',
          url: `${serviceUrl(baseUrl)}?WSDL`,
          detail: 'aborted by the caller',
          timeoutMs,
        }),
    );
  };

  async function call<Op extends OperationName>(
    operation: Op,
    params: OperationParams<Op>,
    callOptions: CallOptions | HoldingCallOptions = {},
  ): Promise<{
    decoded: DecodedRecord<TextOrHeld> | DecodedString;
    exchange: Exchange<TextOrHeld>;
  }> {
    // The URL in errors is the endpoint without the query: over HTTP GET the query holds the key.
    const context: ErrorContext = {
      operation,
      binding,
      url: operationUrl(baseUrl, binding, operation),
      // No error message may carry the key, whatever a fetch implementation or server puts in it.
      secrets: OPERATIONS[operation].parameters
        .filter((parameter) => parameter.secret)
        .map((parameter) => (params as Record<string, unknown>)[parameter.name])
        .filter((value): value is string => typeof value === 'string'),
    };
    const values: Record<string, string> = {};
    for (const parameter of OPERATIONS[operation].parameters) {
      const raw: unknown = (params as Record<string, unknown>)[parameter.name];
      const value = raw === undefined || raw === null ? '' : String(raw);
      const forbidden = findForbiddenCharacter(value);
      if (forbidden) throw new InputError(context, { parameter: parameter.name, ...forbidden });
      values[parameter.name] = value;
    }

    let ns: string | null = options.namespace ?? null;
    if (needsNamespace(binding)) {
      try {
        ns = await namespace(callOptions);
      } catch (error) {
        throw discoveryToCallError(context, error);
      }
    }

    const request = encodeRequest(binding, operation, values, { baseUrl, namespace: ns ?? '' });
    context.request = request;
    // A GetAssetStubs answer can be megabytes: it is checked as it arrives (and its head shown),
    // so that little is left to do after its last byte. AddUserAssetIndex answers are a line
    // (and bulk jobs send millions): they are read whole, the cheaper way for a small body.
    const receiving = operation === 'GetAssetStubs';
    const scanner = receiving ? new DocumentScanner(new WarningSink()) : undefined;
    const rest =
      scanner && callOptions.onDataStubsHead && callOptions.onDataStubsRest
        ? new DataStubsRest(guardedSink(callOptions.onDataStubsRest), () => scanner.dataStubsEnd())
        : null;
    // What showing the head returned: the body's next bytes wait for it.
    let headShowing: Promise<void> | null = null;
    const head =
      receiving && callOptions.onDataStubsHead
        ? headWatcher(callOptions.onDataStubsHead, rest, (shown) => (headShowing = shown))
        : null;
    let received: Exchange<string | HeldBody>;
    try {
      received = await performExchange(request, {
        fetch: fetchImpl,
        timeoutMs,
        maxBodyBytes: options.maxBodyBytes,
        signal: callOptions.signal,
        onBodyBytes: callOptions.onBodyBytes,
        holdFrom: receiving && 'holdFrom' in callOptions ? callOptions.holdFrom : undefined,
        onBodyText:
          scanner &&
          ((piece) => {
            const check = () => {
              scanner.push(piece);
              // After the scanner: it tells where DataStubs ends.
              rest?.push(piece);
            };
            // The head first: it is shown before the piece is checked.
            head?.push(piece);
            const pause = headShowing;
            if (!pause) return check();
            headShowing = null;
            // On a machine of few cores, reading and checking the rest of a large answer takes
            // the cores that showing its head needs: the rest of this piece (often hundreds of
            // kilobytes) and the next ones wait for it. The transport awaits the promise.
            return pause.then(check);
          }),
      });
    } catch (error) {
      rest?.finish(null, '');
      throw exchangeToCallError(context, error);
    }
    const held = scanner && heldExchange(received);
    if (held) {
      const answer = decodeHeld(held, scanner, rest, { binding, namespace: ns }, context);
      // An answer the decode refuses is decoded again as one string, for the error to carry.
      if (answer) return answer;
    }
    const exchange = held ? textExchange(held) : (received as Exchange);
    context.exchange = exchange;
    let decoded: DecodedRecord | DecodedString;
    try {
      decoded = decodeResponse(
        { operation, binding, namespace: ns },
        exchange.response,
        context,
        held ? undefined : scanner,
      );
    } catch (error) {
      rest?.finish(null, '');
      throw error;
    }
    if (rest) {
      const payload = 'record' in decoded ? decoded.record.DataStubs : null;
      rest.finish(payload, exchange.response.bodyText);
    }
    if (binding === 'http-get') decoded.warnings.unshift(SECRET_IN_URL_WARNING);
    return { decoded, exchange };
  }

  return {
    binding,
    namespace,
    async getAssetStubs(
      params: OperationParams<'GetAssetStubs'>,
      callOptions?: CallOptions | HoldingCallOptions,
    ): Promise<GetAssetStubsResult<TextOrHeld>> {
      const { decoded, exchange } = await call('GetAssetStubs', params, callOptions);
      // The decoded record's fields as they are, the record count only where it was counted.
      return { ...(decoded as DecodedRecord<TextOrHeld>), exchange };
    },
    async addUserAssetIndex(params, callOptions): Promise<AddUserAssetIndexResult> {
      const { decoded, exchange } = await call('AddUserAssetIndex', params, callOptions);
      const { value, warnings } = decoded as DecodedString;
      // Only a GetAssetStubs answer is ever held.
      return { value, warnings, exchange: exchange as Exchange };
    },
  } as InodeProtocolClient;
}

/** The exchange with its body held, when it was (GetAssetStubs, `holdFrom` bytes or more). */
function heldExchange(exchange: Exchange<string | HeldBody>): Exchange<HeldBody> | null {
  return typeof exchange.response.bodyText === 'string' ? null : (exchange as Exchange<HeldBody>);
}

/** A held exchange as the protocol's usual one, its body's text joined. */
function textExchange(exchange: Exchange<HeldBody>): Exchange {
  const { response } = exchange;
  return { ...exchange, response: { ...response, bodyText: response.bodyText.text.toString() } };
}

/**
 * Decodes a held GetAssetStubs answer without joining its text, and holds its body and DataStubs
 * (holdAnswer); null when the decode refuses it (the caller decodes it again as one string, so
 * that the error carries the exchange as usual).
 */
function decodeHeld(
  exchange: Exchange<HeldBody>,
  scanner: DocumentScanner,
  rest: DataStubsRest | null,
  call: { binding: InodeClientOptions['binding']; namespace: string | null },
  context: ErrorContext,
): { decoded: DecodedRecord<TextOrHeld>; exchange: Exchange<TextOrHeld> } | null {
  const { response } = exchange;
  const body = response.bodyText;
  let decoded: DecodedRecord<string | TextSpan>;
  try {
    decoded = decodeLocated(
      { operation: 'GetAssetStubs', ...call },
      { status: response.status, headers: response.headers, bodyText: body.text },
      context,
      scanner,
    );
  } catch {
    return null;
  }
  rest?.finish(decoded.record.DataStubs, body.text);
  const encoding = textDecoderFor(response.headers['content-type']).encoding;
  const answer = holdAnswer(body, encoding, decoded.record.DataStubs);
  if (call.binding === 'http-get') decoded.warnings.unshift(SECRET_IN_URL_WARNING);
  return {
    decoded: { ...decoded, record: { ...decoded.record, DataStubs: answer.dataStubs } },
    exchange: { ...exchange, response: { ...response, bodyText: answer.body } },
  };
}

function exchangeToCallError(context: ErrorContext, error: unknown): Error {
  if (error instanceof BodyTooLarge) {
    return new ResponseTooLargeError(
      { ...context, exchange: error.exchange },
      { body: error.body, limit: error.limit },
    );
  }
  if (error instanceof ExchangeFailure) {
    if (error.kind === 'timeout') return new TimeoutError(context, error.timeoutMs);
    return new TransportError(context, error.message, error.cause);
  }
  return new TransportError(context, `request failed: ${String(error)}`, error);
}

/** A failed ?WSDL lookup during a call becomes one of the call's typed errors. */
function discoveryToCallError(context: ErrorContext, error: unknown): Error {
  if (!(error instanceof NamespaceDiscoveryError)) return exchangeToCallError(context, error);
  const discovery: ErrorContext = {
    ...context,
    url: error.url,
    ...(error.exchange ? { exchange: error.exchange } : {}),
  };
  switch (error.kind) {
    case 'timeout':
      return new TimeoutError(discovery, error.timeoutMs);
    case 'aborted':
    case 'network':
      return new TransportError(discovery, error.message, error.cause ?? error);
    case 'http':
      return new HttpError(discovery, {
        status: error.status ?? 0,
        summary: error.message,
        bindingDisabled: false,
      });
    case 'format':
      return new ResponseFormatError(discovery, {
        expected:
          'a WSDL whose wsdl:definitions has a targetNamespace (to learn the service namespace)',
        received: error.message,
      });
  }
}
