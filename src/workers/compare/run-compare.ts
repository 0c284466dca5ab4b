/** What the compare worker does for one request; also run in-thread where workers are missing. */
import { canonicalPayloadText } from '../../xml/compare/canonical-text.ts';
import { compareXml } from '../../xml/compare/compare-xml.ts';
import type { CompareApi, CompareRequest, CompareResponse } from './compare-protocol.ts';

export function runCompare(request: CompareRequest): CompareResponse {
  const started = performance.now();
  const comparison = compareXml(request.left, request.right, request.options);
  const text = request.withText
    ? { left: canonicalPayloadText(request.left), right: canonicalPayloadText(request.right) }
    : null;
  return { id: request.id, comparison, text, ms: performance.now() - started };
}

/** What the compare worker serves; the client calls it in this thread where Worker is missing. */
export const compareApi: CompareApi = { compare: runCompare };
