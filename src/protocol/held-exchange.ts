/**
 * An exchange whose response body may be held out of memory (src/text/held-text.ts), as the
 * page receives a large answer, read back into the protocol's own shape where all of it is
 * needed: History's stored copy, a HAR export.
 */
import { readText, type TextOrHeld } from '../text/held-text.ts';
import type { Exchange, RawResponse } from './types.ts';

/** @example const har = buildHar([{ ...call, response: await readResponse(result.exchange.response) }], options); */
export async function readResponse(response: RawResponse<TextOrHeld>): Promise<RawResponse> {
  return typeof response.bodyText === 'string'
    ? (response as RawResponse)
    : { ...response, bodyText: await readText(response.bodyText) };
}

/** @example await readExchange(result.exchange) */
export async function readExchange(exchange: Exchange<TextOrHeld>): Promise<Exchange> {
  return typeof exchange.response.bodyText === 'string'
    ? (exchange as Exchange)
    : { ...exchange, response: await readResponse(exchange.response) };
}
