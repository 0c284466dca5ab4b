/**
 * Reads a HAR file (any HAR 1.1/1.2, from the console or a browser's network panel) into the
 * request/response pairs it holds. Bad input gives one specific message, never a crash.
 */
import { BINDING_NAMES, isOperationName } from '../protocol/operations.ts';
import type { RawRequest, RawResponse } from '../protocol/types.ts';
import type { HarInodeCall } from './har-types.ts';
import { utf8Length } from '../text/utf8-length.ts';

export interface HarCall {
  /** Position in the file, from 0. */
  index: number;
  startedDateTime: string;
  timeMs: number;
  request: RawRequest;
  /** Null when the entry holds no response (status 0). */
  response: RawResponse | null;
  /** What the console wrote when it exported the entry, if it did. */
  inode: HarInodeCall | null;
}

export class HarReadError extends Error {
  override name = 'HarReadError';
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function headersOf(value: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!Array.isArray(value)) return headers;
  for (const header of value) {
    if (isObject(header) && typeof header.name === 'string' && typeof header.value === 'string') {
      const name = header.name.toLowerCase();
      // HTTP/2 pseudo-headers in browser exports are not headers of the message.
      if (!name.startsWith(':')) headers[name] = header.value;
    }
  }
  return headers;
}

function inodeOf(value: unknown): HarInodeCall | null {
  if (!isObject(value)) return null;
  const { operation, binding } = value;
  if (typeof operation !== 'string' || !isOperationName(operation)) return null;
  if (typeof binding !== 'string' || !(BINDING_NAMES as string[]).includes(binding)) return null;
  return {
    operation,
    binding: binding as HarInodeCall['binding'],
    targetId: typeof value.targetId === 'string' ? value.targetId : null,
    namespace: typeof value.namespace === 'string' ? value.namespace : null,
    keyRevealed: value.keyRevealed === true,
  };
}

function decodeContent(content: Json): string {
  const text = typeof content.text === 'string' ? content.text : '';
  if (content.encoding !== 'base64') return text;
  try {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    throw new HarReadError('A response body is marked base64 but is not valid base64.');
  }
}

function readEntry(entry: unknown, index: number): HarCall {
  const where = `Entry ${index + 1}`;
  if (!isObject(entry)) throw new HarReadError(`${where} is not an object.`);
  const { request, response } = entry;
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.url !== 'string') {
    throw new HarReadError(`${where} has no request with a method and a URL.`);
  }
  const postData = isObject(request.postData) ? request.postData : null;
  const raw: RawRequest = {
    method: request.method,
    url: request.url,
    headers: headersOf(request.headers),
    body: postData && typeof postData.text === 'string' ? postData.text : '',
  };
  let rawResponse: RawResponse | null = null;
  if (isObject(response) && typeof response.status === 'number' && response.status > 0) {
    const content = isObject(response.content) ? response.content : {};
    const bodyText = decodeContent(content);
    rawResponse = {
      status: response.status,
      statusText: typeof response.statusText === 'string' ? response.statusText : '',
      headers: headersOf(response.headers),
      bodyText,
      byteLength:
        typeof content.size === 'number' && content.size >= 0 ? content.size : utf8Length(bodyText),
      // A body left out on purpose (build-har.ts) is not an empty one.
      ...(typeof content.text !== 'string' && typeof content.size === 'number' && content.size > 0
        ? { bodyOmitted: true as const }
        : {}),
    };
  }
  return {
    index,
    startedDateTime: typeof entry.startedDateTime === 'string' ? entry.startedDateTime : '',
    timeMs: typeof entry.time === 'number' ? entry.time : 0,
    request: raw,
    response: rawResponse,
    inode: inodeOf(entry._inode),
  };
}

/**
 * @example const calls = readHar(await file.text()); // throws HarReadError with a reason
 */
export function readHar(text: string): HarCall[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new HarReadError(
      `This is not a HAR file: it is not JSON (${error instanceof Error ? error.message : 'parse error'}).`,
    );
  }
  if (!isObject(parsed) || !isObject(parsed.log)) {
    throw new HarReadError('This is not a HAR file: it has no "log" object.');
  }
  const { entries } = parsed.log;
  if (!Array.isArray(entries)) throw new HarReadError('This HAR file has no "entries" list.');
  if (entries.length === 0) throw new HarReadError('This HAR file holds no entries.');
  return entries.map(readEntry);
}
