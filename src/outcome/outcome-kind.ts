/** How a call ended, in the categories the console shows and History filters by. */
export const OUTCOME_KINDS = [
  'success',
  'business-failure',
  'soap-fault',
  'service-error',
  'http-error',
  'unexpected-response',
  'network-failure',
  'timeout',
  'too-large',
  'input-error',
  'cancelled',
] as const;

export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

export const OUTCOME_LABELS: Record<OutcomeKind, string> = {
  success: 'Success',
  'business-failure': 'Business failure',
  'soap-fault': 'SOAP fault',
  'service-error': 'Service error',
  'http-error': 'HTTP error',
  'unexpected-response': 'Unexpected response',
  'network-failure': 'Network failure',
  timeout: 'Timeout',
  'too-large': 'Too large to open',
  'input-error': 'Input error',
  cancelled: 'Cancelled',
};

export function isOutcomeKind(value: unknown): value is OutcomeKind {
  return typeof value === 'string' && (OUTCOME_KINDS as readonly string[]).includes(value);
}
