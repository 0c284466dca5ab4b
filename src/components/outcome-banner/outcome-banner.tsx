import type { ReactNode } from 'react';
import type { OutcomeView } from '../../outcome/outcome.ts';

const ICONS: Record<OutcomeView['kind'], string> = {
  success: '✓',
  'business-failure': '✕',
  'soap-fault': '⚠',
  'service-error': '⚠',
  'http-error': '⚠',
  'unexpected-response': '?',
  'network-failure': '⚡',
  timeout: '⏱',
  'too-large': '⇩',
  'input-error': '✎',
  cancelled: '■',
};

export interface OutcomeBannerProps {
  outcome: OutcomeView;
  /** The result of an earlier call, shown while the next one loads. */
  stale?: boolean;
  /** What the person can do about this outcome (AnswerDownload), under the message. */
  children?: ReactNode;
}

/**
 * Says at a glance how a call ended, in words, with the technical detail one click away.
 * @example <OutcomeBanner outcome={describeError(error)} />
 */
export function OutcomeBanner({ outcome, stale = false, children }: OutcomeBannerProps) {
  const tone = outcome.kind === 'success' ? 'ok' : outcome.kind === 'cancelled' ? 'neutral' : 'bad';
  return (
    <section
      className={`outcome outcome-${tone}`}
      aria-label="Outcome"
      data-outcome={outcome.kind}
      data-stale={stale || undefined}
    >
      <h2 className="outcome-title">
        <span aria-hidden="true" className="outcome-icon">
          {ICONS[outcome.kind]}
        </span>{' '}
        {outcome.title}
        {stale && <span className="badge">Previous result</span>}
      </h2>
      <p>{outcome.message}</p>
      {children}
      {outcome.facts.length > 0 && (
        <dl className="outcome-facts">
          {outcome.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {outcome.detail && (
        <details className="outcome-detail">
          <summary>Technical detail</summary>
          <pre>{outcome.detail}</pre>
        </details>
      )}
    </section>
  );
}
