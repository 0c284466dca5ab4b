/**
 * Discovers the service namespace from `<baseUrl>/Inode.asmx?WSDL`: the `targetNamespace`
 * attribute of the root `wsdl:definitions`. Results are cached per fetch function and base URL
 * (the console gives each target its own fetch, so two targets behind one origin stay apart).
 */
import { serviceUrl } from './encode/encode-request.ts';
import { summarizeHtml, firstTextLine } from './decode/error-bodies.ts';
import { MalformedXml } from './decode/malformed-xml.ts';
import { scanDocument } from './decode/scan-document.ts';
import { parseTree } from './decode/xml-tree.ts';
import { WarningSink } from './decode/xml-text.ts';
import { ExchangeFailure, performExchange, type FetchLike } from './transport.ts';
import type { Exchange } from './types.ts';
import { errorMessage } from '../text/error-message.ts';

export const WSDL_NAMESPACE = 'http://schemas.xmlsoap.org/wsdl/';
const DEFAULT_TIMEOUT_MS = 30_000;

/** Why the namespace could not be discovered. */
export type DiscoveryFailureKind = 'timeout' | 'aborted' | 'network' | 'http' | 'format';

/**
 * Discovery failed. `kind` says why; `exchange` is present whenever the server answered.
 *
 * @example
 * catch (e) { if (e instanceof NamespaceDiscoveryError) show(e.message); }
 */
export class NamespaceDiscoveryError extends Error {
  readonly kind: DiscoveryFailureKind;
  readonly url: string;
  readonly status: number | null;
  readonly exchange?: Exchange;
  readonly timeoutMs: number;

  constructor(
    parts: {
      kind: DiscoveryFailureKind;
      url: string;
      detail: string;
      status?: number;
      exchange?: Exchange;
      timeoutMs: number;
    },
    cause?: unknown,
  ) {
    super(`Could not read the service namespace from ${parts.url}: ${parts.detail}`, { cause });
    this.name = 'NamespaceDiscoveryError';
    this.kind = parts.kind;
    this.url = parts.url;
    this.status = parts.status ?? null;
    if (parts.exchange) this.exchange = parts.exchange;
    this.timeoutMs = parts.timeoutMs;
  }
}

/**
 * The targetNamespace of a WSDL document's root `wsdl:definitions`.
 *
 * @example
 * readTargetNamespace('<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" targetNamespace="urn:x"/>'); // 'urn:x'
 */
export function readTargetNamespace(wsdl: string): string {
  const sink = new WarningSink();
  scanDocument(wsdl, sink);
  const root = parseTree(wsdl, sink);
  if (root.localName !== 'definitions' || root.namespace !== WSDL_NAMESPACE) {
    throw new MalformedXml(`the root is ${root.qname}, not wsdl:definitions`);
  }
  const target = root.attributes['targetNamespace'];
  if (target === undefined || target === '') {
    throw new MalformedXml('wsdl:definitions has no targetNamespace');
  }
  return target;
}

const cache = new WeakMap<FetchLike, Map<string, Promise<string>>>();
const defaultFetchCache = new Map<string, Promise<string>>();

/**
 * Forgets discovered namespaces (those found with the default fetch, or those of one fetch).
 *
 * @example
 * clearNamespaceCache(targetFetch); // the next call asks ?WSDL again
 */
export function clearNamespaceCache(fetchImpl?: FetchLike): void {
  if (fetchImpl) cache.delete(fetchImpl);
  else defaultFetchCache.clear();
}

/**
 * Reads the namespace once per fetch function and base URL; failures are not cached.
 *
 * @example
 * const ns = await discoverNamespace('http://localhost:8099'); // 'http://assets.example.net/inode/'
 */
export function discoverNamespace(
  baseUrl: string,
  fetchImpl?: FetchLike,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<string> {
  const perFetch = fetchImpl
    ? (cache.get(fetchImpl) ?? new Map<string, Promise<string>>())
    : defaultFetchCache;
  if (fetchImpl && !cache.has(fetchImpl)) cache.set(fetchImpl, perFetch);
  const cached = perFetch.get(baseUrl);
  if (cached) return cached;
  const pending = fetchNamespace(baseUrl, fetchImpl ?? globalThis.fetch.bind(globalThis), options);
  perFetch.set(baseUrl, pending);
  pending.catch(() => {
    if (perFetch.get(baseUrl) === pending) perFetch.delete(baseUrl);
  });
  return pending;
}

async function fetchNamespace(
  baseUrl: string,
  fetchImpl: FetchLike,
  options: { signal?: AbortSignal; timeoutMs?: number },
): Promise<string> {
  const url = `${serviceUrl(baseUrl)}?WSDL`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let exchange: Exchange;
  try {
    exchange = await performExchange(
      { method: 'GET', url, headers: {}, body: '' },
      { fetch: fetchImpl, timeoutMs, signal: options.signal },
    );
  } catch (error) {
    const kind = error instanceof ExchangeFailure ? error.kind : 'network';
    const detail = errorMessage(error);
    throw new NamespaceDiscoveryError({ kind, url, detail, timeoutMs }, error);
  }
  const { status, headers, bodyText } = exchange.response;
  if (status < 200 || status >= 300) {
    const summary = (headers['content-type'] ?? '').includes('html')
      ? summarizeHtml(bodyText).summary
      : firstTextLine(bodyText);
    throw new NamespaceDiscoveryError({
      kind: 'http',
      url,
      detail: `HTTP ${status}${summary ? `: ${summary}` : ''}`,
      status,
      exchange,
      timeoutMs,
    });
  }
  try {
    return readTargetNamespace(bodyText);
  } catch (error) {
    const detail = errorMessage(error);
    throw new NamespaceDiscoveryError(
      {
        kind: 'format',
        url,
        detail: `not a WSDL with a targetNamespace (${detail})`,
        status,
        exchange,
        timeoutMs,
      },
      error,
    );
  }
}
