/**
 * Reads a raw HTTP response as saved from a terminal or a proxy (`curl -i`, `nc`): status line,
 * headers, blank line, body; a chunked body is put back together.
 */
import type { RawResponse } from '../protocol/types.ts';
import { utf8Length } from '../text/utf8-length.ts';

const STATUS_LINE = /^HTTP\/\d(?:\.\d)? (\d{3})(?: ([^\r\n]*))?$/;

function dechunk(body: string): string | null {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(body.slice(at, lineEnd).trim().split(';')[0] ?? '', 16);
    if (!Number.isFinite(size)) return null;
    if (size === 0) return out;
    const start = lineEnd + 1;
    out += body.slice(start, start + size);
    at = start + size;
    if (body.startsWith('\r\n', at)) at += 2;
    else if (body.startsWith('\n', at)) at += 1;
  }
}

/** Null when the text does not start with an HTTP status line. */
export function readRawHttpResponse(text: string): RawResponse | null {
  const headEnd = /\r?\n\r?\n/.exec(text);
  const head = headEnd ? text.slice(0, headEnd.index) : text;
  const [statusLine = '', ...lines] = head.split(/\r?\n/);
  const status = STATUS_LINE.exec(statusLine.trim());
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let bodyText = headEnd ? text.slice(headEnd.index + headEnd[0].length) : '';
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const joined = dechunk(bodyText);
    if (joined !== null) bodyText = joined;
  }
  return {
    status: Number(status[1]),
    statusText: status[2] ?? '',
    headers,
    bodyText,
    byteLength: utf8Length(bodyText),
  };
}
