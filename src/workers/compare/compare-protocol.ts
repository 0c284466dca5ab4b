/** The compare worker's one call: its request, its answer, and the API the worker serves. */
import type { CompareOptions, XmlComparison } from '../../xml/compare/compare-xml.ts';

export interface CompareRequest {
  id: number;
  left: string;
  right: string;
  options: CompareOptions;
  /** Also return both sides as canonical text for the side-by-side view (small inputs only). */
  withText: boolean;
}

export interface CompareResponse {
  id: number;
  comparison: XmlComparison;
  text: { left: string; right: string } | null;
  ms: number;
}

export interface CompareApi {
  compare(request: CompareRequest): CompareResponse;
}
