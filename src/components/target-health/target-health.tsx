import { useTargetHealth } from '../../connection/target-health.ts';

export interface TargetHealthProps {
  targetId: string | null;
  /** How the target is named to the user (its label). */
  name: string;
}

/**
 * A few words beside a target's name: answering, not answering, health unknown.
 * @example <TargetHealthBadge targetId="staging" name="Staging" />
 */
export function TargetHealthBadge({ targetId, name }: TargetHealthProps) {
  const view = useTargetHealth(targetId, name);
  return (
    <span
      className={`badge health health-${view.state}`}
      data-health={view.state}
      title={view.sentence ?? undefined}
    >
      {view.badge}
    </span>
  );
}

/**
 * The one sentence about a target that is down (or whose health is unknown, when `unknown` is
 * set), shown before any call is made; nothing while it answers.
 * @example <TargetHealthNotice targetId="staging" name="Staging" />
 */
export function TargetHealthNotice({
  targetId,
  name,
  unknown = false,
}: TargetHealthProps & { unknown?: boolean }) {
  const view = useTargetHealth(targetId, name);
  if (view.state === 'down')
    return (
      <p role="alert" className="error target-health-notice" data-testid="target-down">
        {view.sentence}
      </p>
    );
  if (unknown && view.state === 'unknown')
    return <p className="muted target-health-notice">{view.sentence}</p>;
  return null;
}
