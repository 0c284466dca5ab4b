import { TARGET_HEADER } from '../console-api/index.ts';

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
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(TARGET_HEADER, targetId);
    return baseFetch(input, { ...init, headers });
  };
}
