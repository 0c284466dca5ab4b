import { TARGET_HEADER } from '../console-api/index.ts';

const TARGET_HEADER_LOWER = TARGET_HEADER.toLowerCase();

/**
 * The request's headers with the target's id set. The protocol client passes a plain record,
 * copied as one: a bulk job makes thousands of calls a second on the page, and a `Headers`
 * object per call (built here, then read back by the relay) was a measurable part of each.
 */
function withTargetHeader(headers: RequestInit['headers'], targetId: string): HeadersInit {
  if (headers === undefined || headers instanceof Headers || Array.isArray(headers)) {
    const copy = new Headers(headers);
    copy.set(TARGET_HEADER, targetId);
    return copy;
  }
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== TARGET_HEADER_LOWER) record[name] = value;
  }
  record[TARGET_HEADER] = targetId;
  return record;
}

/**
 * A fetch that names the chosen dev-server target on every request, for createInodeClient and
 * discoverNamespace. With a null id the server's default target answers.
 * @example createInodeClient({ baseUrl, binding, fetch: createTargetFetch('emulator') })
 */
export function createTargetFetch(
  targetId: string | null,
  baseFetch: typeof globalThis.fetch = globalThis.fetch.bind(globalThis),
): typeof globalThis.fetch {
  if (targetId === null) return baseFetch;
  return (input, init) =>
    baseFetch(input, { ...init, headers: withTargetHeader(init?.headers, targetId) });
}
