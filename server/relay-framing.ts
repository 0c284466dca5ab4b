// How a relayed call must look before the console stack sees it. The stack forwards it upstream
// with the message's own byte count as Content-Length (relay.ts), so its bytes can only ever be
// read as one request; what a page could use to make them read as two is refused here, before
// anything is forwarded: a body on a method that carries none, and a method, path or header that
// is not plain HTTP (a CR or LF would let a value end a line of its own).
import type { RelayRequestHead } from '../src/relay/relay-frame.ts';
import { mayCarryBody } from './framing.ts';

const METHOD = /^[A-Z]{1,16}$/;
const PATH = /^\/[\x21-\x7e]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\uffff]*$/;

/**
 * Why a relayed call is refused before sending, or null when it is one well-framed request.
 * @example framingRefusal({ id: 1, method: 'GET', url: '/Inode.asmx', headers: {} }, new Uint8Array(3))
 * // 'A GET call to the service carries no body; …'
 */
export function framingRefusal(head: RelayRequestHead, body: Uint8Array): string | null {
  if (!METHOD.test(head.method)) return 'The relay carries only plain HTTP methods (GET, POST…)';
  if (!PATH.test(head.url))
    return 'The relay carries only a plain path and query (no spaces or control characters)';
  if (body.byteLength > 0 && !mayCarryBody(head.method))
    return `A ${head.method} call to the service carries no body; this one has ${body.byteLength} bytes, so it was not sent`;
  for (const [name, value] of Object.entries(head.headers)) {
    if (!HEADER_NAME.test(name.toLowerCase()) || !HEADER_VALUE.test(value))
      return `The header "${name.slice(0, 40).replace(/[^\x20-\x7e]/g, '?')}" is not plain HTTP (a name token, a value on one line), so the call was not sent`;
  }
  return null;
}
