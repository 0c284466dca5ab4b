// How a request to /Inode.asmx may frame its body before the console forwards it. Node's parser
// already refuses most ambiguous framing (both Content-Length and Transfer-Encoding, differing
// Content-Lengths, obs-fold, a Transfer-Encoding not ending in chunked); these rules hold whatever
// parser sits in front (a relayed call, a lenient build), so a body can never be read two ways.
import type { IncomingHttpHeaders } from 'node:http';

/** Methods whose requests carry no body here: one would be a second request in disguise. */
const BODILESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);

export interface FramingProblem {
  readonly code: 'bad-framing' | 'body-not-allowed';
  readonly message: string;
}

/**
 * Why a request's framing is refused, or null when its body (if any) has one clear length.
 * @example framingProblem('GET', { 'transfer-encoding': 'chunked' })?.code // 'body-not-allowed'
 */
export function framingProblem(
  method: string | undefined,
  headers: IncomingHttpHeaders,
): FramingProblem | null {
  const length = headers['content-length'];
  const coding = headers['transfer-encoding'];
  if (length !== undefined && coding !== undefined)
    return bad('both Content-Length and Transfer-Encoding');
  if (length !== undefined && !/^\d{1,15}$/.test(length))
    return bad(`Content-Length "${length.slice(0, 40)}" is not one plain number`);
  if (coding !== undefined && coding !== 'chunked')
    return bad(`Transfer-Encoding "${coding.slice(0, 40)}" (only exactly "chunked" is accepted)`);
  const hasBody = coding !== undefined || (length !== undefined && Number(length) > 0);
  if (hasBody && BODILESS.has(method ?? 'GET'))
    return {
      code: 'body-not-allowed',
      message: `A ${method ?? 'GET'} request to the service carries no body; this one does, so it is refused\n`,
    };
  return null;
}

function bad(what: string): FramingProblem {
  return {
    code: 'bad-framing',
    message: `The request's body framing is ambiguous (${what}), so it is refused rather than guessed\n`,
  };
}

/** Whether a method's request may carry a body at all. */
export function mayCarryBody(method: string | undefined): boolean {
  return !BODILESS.has(method ?? 'GET');
}
