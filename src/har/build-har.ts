/**
 * Builds a HAR 1.2 log from calls exactly as the client sent and received them, with the
 * OpenIDKey redacted everywhere (URL, query, headers, body, form params, response) unless the
 * user revealed it for this export. Pure: no React, no DOM; the CLI can use it too.
 */
import type { Binding, OperationName } from '../protocol/operations.ts';
import { redactExchange, redactRequest, redactString } from '../protocol/redact.ts';
import type { ExchangeTimings, RawRequest, RawResponse } from '../protocol/types.ts';
import type { HarEntry, HarLog, HarNameValue, HarPostData, HarRequest } from './har-types.ts';

/** One call to export. The request/response are as on the wire (or as History kept them). */
export interface HarSourceCall {
  operation: OperationName;
  binding: Binding;
  targetId: string | null;
  namespace: string | null;
  request: RawRequest;
  /** Null when no response arrived (network failure, timeout, cancel). */
  response: RawResponse | null;
  timings: ExchangeTimings | null;
  /** When the call started (ms since the epoch), used when timings are missing. */
  at: number;
  /** A line a person reads in a HAR viewer (the outcome); redacted like the rest. */
  comment?: string;
  /** Values to redact: the OpenIDKey the call used. */
  secrets: readonly string[];
}

export interface BuildHarOptions {
  /** Export the key in clear: only when the user explicitly asked for this export. */
  revealKey: boolean;
  /** Resolves relative request URLs; HAR wants absolute ones. */
  origin: string;
  creator: { name: string; version: string };
  comment?: string;
}

/** Thrown when a secret would still be in the file: nothing is exported then. */
export class HarRedactionError extends Error {
  override name = 'HarRedactionError';
}

const textEncoder = new TextEncoder();
/** The note on a response whose body the console did not keep (above its size ceiling). */
export const OMITTED_BODY_COMMENT =
  'The body is not included: it was larger than the answer size this console opens.';

const byteLength = (text: string) => textEncoder.encode(text).length;

function headerList(headers: Record<string, string>): HarNameValue[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function pairs(search: string): HarNameValue[] {
  return [...new URLSearchParams(search)].map(([name, value]) => ({ name, value }));
}

function absoluteUrl(url: string, origin: string): URL {
  try {
    return new URL(url, origin);
  } catch {
    return new URL('about:blank');
  }
}

function postData(request: RawRequest): HarPostData | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const mimeType = request.headers['content-type'] ?? '';
  const data: HarPostData = { mimeType, text: request.body };
  if (mimeType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    data.params = pairs(request.body);
  }
  return data;
}

function harRequest(request: RawRequest, origin: string): HarRequest {
  const url = absoluteUrl(request.url, origin);
  const data = postData(request);
  return {
    method: request.method,
    url: url.href,
    // fetch does not say which HTTP version carried the call.
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: headerList(request.headers),
    queryString: pairs(url.search),
    ...(data ? { postData: data } : {}),
    headersSize: -1,
    bodySize: data ? byteLength(request.body) : 0,
  };
}

function harEntry(call: HarSourceCall, options: BuildHarOptions): HarEntry {
  const secrets = options.revealKey ? [] : call.secrets.filter((s) => s !== '');
  const hide = secrets.length > 0;
  const request = hide ? redactRequest(call.request, secrets) : call.request;
  const response =
    call.response && hide ? redactResponse(call, call.response, secrets) : call.response;
  const timings = call.timings;
  const wait = timings ? Math.max(0, timings.headersMs) : 0;
  const receive = timings ? Math.max(0, timings.totalMs - timings.headersMs) : 0;
  return {
    startedDateTime: new Date(timings?.startedAt ?? call.at).toISOString(),
    time: wait + receive,
    request: harRequest(request, options.origin),
    response: response
      ? {
          status: response.status,
          statusText: response.statusText,
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: headerList(response.headers),
          content: {
            size: response.byteLength,
            mimeType: response.headers['content-type'] ?? '',
            // An answer above the size ceiling arrived whole but was never taken as text.
            ...(response.bodyOmitted
              ? { comment: OMITTED_BODY_COMMENT }
              : { text: response.bodyText }),
          },
          redirectURL: '',
          headersSize: -1,
          bodySize: response.byteLength,
        }
      : // No response: HAR viewers (and browsers' own exports) use status 0.
        {
          status: 0,
          statusText: '',
          httpVersion: '',
          cookies: [],
          headers: [],
          content: { size: 0, mimeType: '' },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
        },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, send: 0, wait, receive, ssl: -1 },
    ...(call.comment !== undefined
      ? { comment: hide ? redactString(call.comment, secrets) : call.comment }
      : {}),
    _inode: {
      operation: call.operation,
      binding: call.binding,
      targetId: call.targetId,
      namespace: call.namespace,
      keyRevealed: options.revealKey && call.secrets.some((s) => s !== ''),
    },
  };
}

function redactResponse(
  call: HarSourceCall,
  response: RawResponse,
  secrets: readonly string[],
): RawResponse {
  const timings = call.timings ?? { startedAt: call.at, headersMs: 0, totalMs: 0 };
  const redacted = redactExchange({ request: call.request, response, timings }, secrets).response;
  return { ...redacted, statusText: redactString(response.statusText, secrets) };
}

/**
 * @example
 * const har = buildHar([call], { revealKey: false, origin: location.origin, creator });
 * download(serializeHar(har, [key]), 'call.har');
 */
export function buildHar(calls: readonly HarSourceCall[], options: BuildHarOptions): HarLog {
  return {
    log: {
      version: '1.2',
      creator: options.creator,
      entries: calls.map((call) => harEntry(call, options)),
      ...(options.comment !== undefined ? { comment: options.comment } : {}),
    },
  };
}

/** Every text in an entry that came from the wire (and so may carry the key). */
function wireTexts(entry: HarEntry): string[] {
  const { request, response } = entry;
  const values = (list: readonly HarNameValue[]) => list.flatMap((p) => [p.name, p.value]);
  return [
    request.url,
    ...values(request.headers),
    ...values(request.queryString),
    request.postData?.text ?? '',
    ...values(request.postData?.params ?? []),
    ...values(response.headers),
    response.content.text ?? '',
    entry.comment ?? '',
  ];
}

/**
 * The file's text. Unless `revealKey`, refuses (HarRedactionError) when a secret is still in
 * any text that came from the wire, including the decoded query and form values: a last line
 * of defence behind the redaction.
 */
export function serializeHar(har: HarLog, secrets: readonly string[], revealKey: boolean): string {
  if (!revealKey) {
    const present = secrets.filter((s) => s !== '');
    for (const entry of har.log.entries) {
      if (wireTexts(entry).some((text) => present.some((secret) => text.includes(secret)))) {
        throw new HarRedactionError(
          'The export was stopped: the OpenIDKey would still be in the file.',
        );
      }
    }
  }
  return JSON.stringify(har, null, 2);
}
