import { BINDINGS } from '../../protocol/operations.ts';
import type { RegistrationRecord } from '../../history/history-db.ts';
import type { ListedOnService } from './use-listed-on-service.ts';

export interface DuplicateNoticeProps {
  /** This pair's earlier registrations from this console (History), newest first. */
  before: readonly RegistrationRecord[];
  onService: ListedOnService;
  /** The target the form registers on, to say whether an earlier registration went elsewhere. */
  targetId: string | null;
}

function where(record: RegistrationRecord): string {
  return `on ${record.targetId ?? 'the default target'} (${BINDINGS[record.binding].label}, ${new Date(record.at).toLocaleString()}, returned ${record.result === '' ? '(empty)' : record.result})`;
}

/**
 * Says that this ServiceURI + MediaType was registered before, from this console and/or in the
 * service's stubs. A notice: Register stays enabled.
 * @example <DuplicateNotice before={registeredBefore(list, uri, media)} onService={listed} targetId="emulator" />
 */
export function DuplicateNotice({ before, onService, targetId }: DuplicateNoticeProps) {
  const latest = before[0];
  const here = before.filter((r) => r.targetId === targetId).length;
  const lines: string[] = [];
  if (latest) {
    const times = before.length === 1 ? 'once' : `${before.length} times`;
    const elsewhere = here === 0 ? ' That was on another target than the one selected now.' : '';
    lines.push(
      `This console registered this ServiceURI with this MediaType ${times} before, last ${where(latest)}.${elsewhere}`,
    );
  }
  if (onService.state === 'listed')
    lines.push(
      "The service's stubs for this key already list this ServiceURI with this MediaType.",
    );
  if (lines.length === 0) {
    if (onService.state === 'failed')
      return (
        <p className="help" data-testid="duplicate-check-failed">
          Whether the service already lists it could not be checked: {onService.message}
        </p>
      );
    return null;
  }
  return (
    <div role="status" className="warning" data-testid="duplicate-notice">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>You can still register it again; the service decides what a second registration does.</p>
    </div>
  );
}
