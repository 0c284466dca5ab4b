import { useEffect, useRef } from 'react';
import type { CallRecord } from '../../history/history-db.ts';
import type { KeyMatch } from '../../history/key-fingerprint.ts';

/** A Re-run waiting for the operator: the key in the form is not known to be the entry's. */
export interface PendingRerun {
  call: CallRecord;
  match: Extract<KeyMatch, 'other' | 'unknown'>;
}

const WHY: Record<PendingRerun['match'], string> = {
  other:
    'This entry was made with another OpenIDKey than the one in the form. Re-running it with the form’s key would call as another user.',
  unknown:
    'The OpenIDKey this entry was made with is unknown (History kept no fingerprint of it: an older entry, or this browser could not make one), so the key in the form may be another user’s.',
};

/**
 * Says plainly, before anything is sent, that the key in the form may not be the entry's, and
 * waits for a choice: clear the key (the operator enters the entry's own), keep the form's key
 * knowingly, or cancel.
 */
export function RerunKeyCheck({
  pending,
  onClearKey,
  onKeepKey,
  onCancel,
}: {
  pending: PendingRerun;
  onClearKey(): void;
  onKeepKey(): void;
  onCancel(): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [pending]);
  const when = new Date(pending.call.at).toLocaleString();
  return (
    <section className="rerun-key-check" role="alert" aria-labelledby="rerun-key-check-heading">
      <h2 id="rerun-key-check-heading" tabIndex={-1} ref={heading}>
        Re-run {pending.call.operation} of {when}: check the key
      </h2>
      <p>
        {WHY[pending.match]} Nothing has been sent. Choose how to fill the form; the call is made
        only when you submit it there.
      </p>
      <div className="actions">
        <button type="button" onClick={onClearKey}>
          Clear the key and fill the form
        </button>
        <button type="button" className="secondary" onClick={onKeepKey}>
          Fill the form, keep the form’s key
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
