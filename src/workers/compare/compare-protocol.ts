/** Messages between the page and the compare worker. */
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
