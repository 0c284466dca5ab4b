/**
 * Opens a saved response without sending anything: a HAR (any number of entries), a raw HTTP
 * response (`curl -i`) or a bare XML body. Each becomes what a live call would have produced —
 * a result or a typed error with its exchange — through the protocol's own decoder.
 */
import { decodeResponse } from '../protocol/decode/decode-response.ts';
import { InodeError } from '../protocol/errors.ts';
import { BINDINGS, OPERATIONS, type Binding, type OperationName } from '../protocol/operations.ts';
import type {
  AddUserAssetIndexResult,
  Exchange,
  GetAssetStubsResult,
  RawRequest,
  RawResponse,
} from '../protocol/types.ts';
import { HarReadError, readHar } from '../har/read-har.ts';
import { inferCall } from './infer-call.ts';
import { readRawHttpResponse } from './raw-http-message.ts';
import { utf8Length } from '../text/utf8-length.ts';

/**
 * What the file itself records: a HAR holds the whole exchange, a raw HTTP response its status
 * and headers, a bare XML body only the answer (no status, no binding, no request).
 */
export type OfflineRecord = 'har' | 'http-response' | 'xml-body';

/** One exchange found in the file. */
export interface OfflineItem {
  /** What the list shows: only what the file records (operation, binding, status). */
  label: string;
  recorded: OfflineRecord;
  operation: OperationName;
  binding: Binding;
  /** Null when the file held only a response. */
  request: RawRequest | null;
  /** Null when the entry holds no response (a failed call in a HAR). */
  response: RawResponse | null;
  startedAt: number;
  timeMs: number;
  /** True when the HAR says its author exported the key in clear. */
  keyRevealed: boolean;
}

export type OfflineOutcome =
  | { kind: 'records'; result: GetAssetStubsResult }
  | { kind: 'string'; result: AddUserAssetIndexResult }
  | { kind: 'error'; error: InodeError }
  | { kind: 'no-response' };

export class OfflineFileError extends Error {
  override name = 'OfflineFileError';
}

const NO_REQUEST: RawRequest = { method: '', url: '', headers: {}, body: '' };

/** Said of a bare XML file: the binding and status the decoder assumes are not in it. */
export const NO_EXCHANGE_RECORDED = 'an XML file, no HTTP exchange recorded';

function labelOf(
  recorded: OfflineRecord,
  operation: OperationName,
  binding: Binding,
  response: RawResponse | null,
) {
  const name = OPERATIONS[operation].name;
  if (recorded === 'xml-body') return `${name} answer · ${NO_EXCHANGE_RECORDED}`;
  const status = response ? `${response.status} ${response.statusText}`.trim() : 'no response';
  // A response without its request cannot tell HTTP GET from HTTP POST: neither is named.
  const bindingKnown = recorded === 'har' || binding === 'soap11' || binding === 'soap12';
  return [name, ...(bindingKnown ? [BINDINGS[binding].label] : []), status].join(' · ');
}

function item(
  recorded: OfflineRecord,
  request: RawRequest | null,
  response: RawResponse | null,
  extra: Partial<Pick<OfflineItem, 'startedAt' | 'timeMs' | 'keyRevealed'>> & {
    operation?: OperationName;
    binding?: Binding;
  } = {},
): OfflineItem {
  const inferred = inferCall(request, response?.bodyText ?? '');
  const operation = extra.operation ?? inferred.operation;
  const binding = extra.binding ?? inferred.binding;
  return {
    label: labelOf(recorded, operation, binding, response),
    recorded,
    operation,
    binding,
    request,
    response,
    startedAt: extra.startedAt ?? 0,
    timeMs: extra.timeMs ?? 0,
    keyRevealed: extra.keyRevealed ?? false,
  };
}

/** The response the decoder reads a bare body as; its status is the decoder's, not the file's. */
function bareBody(text: string): RawResponse {
  const soap12 = text.includes('http://www.w3.org/2003/05/soap-envelope');
  return {
    status: 200,
    statusText: 'OK',
    headers: {
      'content-type': soap12 ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8',
    },
    bodyText: text,
    byteLength: utf8Length(text),
  };
}

/**
 * @example const items = readOfflineFile('answer.har', await file.text());
 */
export function readOfflineFile(fileName: string, text: string): OfflineItem[] {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed === '') throw new OfflineFileError(`${fileName} is empty.`);
  if (/\.har$/i.test(fileName) || trimmed.startsWith('{')) {
    try {
      return readHar(trimmed).map((entry) => {
        const startedAt = Date.parse(entry.startedDateTime);
        return item('har', entry.request, entry.response, {
          ...(entry.inode
            ? { operation: entry.inode.operation, binding: entry.inode.binding }
            : {}),
          startedAt: Number.isNaN(startedAt) ? 0 : startedAt,
          timeMs: entry.timeMs,
          keyRevealed: entry.inode?.keyRevealed ?? false,
        });
      });
    } catch (error) {
      if (error instanceof HarReadError) throw new OfflineFileError(error.message);
      throw error;
    }
  }
  if (trimmed.startsWith('HTTP/')) {
    const response = readRawHttpResponse(trimmed);
    if (!response)
      throw new OfflineFileError(
        `${fileName} starts like an HTTP response but its status line cannot be read.`,
      );
    return [item('http-response', null, response)];
  }
  if (trimmed.startsWith('<')) return [item('xml-body', null, bareBody(trimmed))];
  throw new OfflineFileError(
    `${fileName} is neither a HAR file, a raw HTTP response nor an XML document.`,
  );
}

/** The same outcome a live call would have had (what the file records does not change it). */
export function decodeOfflineItem(entry: Omit<OfflineItem, 'recorded'>): OfflineOutcome {
  const response = entry.response;
  if (!response) return { kind: 'no-response' };
  const exchange: Exchange = {
    request: entry.request ?? NO_REQUEST,
    response,
    timings: { startedAt: entry.startedAt, headersMs: entry.timeMs, totalMs: entry.timeMs },
  };
  const call = { operation: entry.operation, binding: entry.binding, namespace: null };
  const context = { ...call, url: exchange.request.url, exchange };
  try {
    if (entry.operation === 'GetAssetStubs') {
      const decoded = decodeResponse({ ...call, operation: 'GetAssetStubs' }, response, context);
      return { kind: 'records', result: { ...decoded, exchange } };
    }
    const decoded = decodeResponse({ ...call, operation: 'AddUserAssetIndex' }, response, context);
    return { kind: 'string', result: { ...decoded, exchange } };
  } catch (error) {
    if (error instanceof InodeError) return { kind: 'error', error };
    throw error;
  }
}
