import { BINDINGS } from '../../protocol/operations.ts';
import { formatBytes, formatDuration } from '../../text/format.ts';
import { OUTCOME_LABELS } from '../../outcome/outcome-kind.ts';
import { isOutcomeKind } from '../../outcome/outcome-kind.ts';
import type { BindingResult, ParityVerdict } from '../../parity/index.ts';
import { utf8Length } from '../../text/utf8-length.ts';

const STATE_TEXT = {
  'switched-off': 'Switched off on the server',
  refused: 'Refused by request validation',
  skipped: 'Not called',
} as const;

/** Long values (DataStubs, stack traces) are summarised in a cell; the views show them whole. */
function cellText(field: string, value: string | null | undefined): string {
  if (value === undefined) return '—';
  if (value === null) return '(absent)';
  if (value === '') return '(empty)';
  if (field === 'DataStubs') return `XML, ${formatBytes(utf8Length(value))}`;
  return value.length > 160 ? `${value.slice(0, 160)}…` : value;
}

function outcomeText(result: BindingResult): string {
  if (result.state !== 'answered') return STATE_TEXT[result.state];
  return result.outcome && isOutcomeKind(result.outcome)
    ? OUTCOME_LABELS[result.outcome]
    : result.note;
}

/**
 * One column per binding, one row per compared fact; a cell whose value differs from the
 * bindings that agree is marked (in words, not only by colour).
 */
export function ParityTable({
  results,
  verdict,
}: {
  results: readonly BindingResult[];
  verdict: ParityVerdict;
}) {
  const odd = new Map(
    verdict.differences.map((d) => [
      d.field,
      new Set(d.groups.slice(1).flatMap((g) => g.bindings)),
    ]),
  );
  const fields = [...new Set(results.flatMap((r) => Object.keys(r.fields)))];
  const row = (label: string, field: string, value: (r: BindingResult) => string) => (
    <tr key={field}>
      <th scope="row">{label}</th>
      {results.map((r) => {
        const differs = odd.get(field)?.has(r.binding) ?? false;
        return (
          <td key={r.binding} className={differs ? 'differs' : undefined} data-binding={r.binding}>
            {value(r)}
            {differs && <span className="differs-mark"> (differs)</span>}
          </td>
        );
      })}
    </tr>
  );
  return (
    <div
      className="table-scroll"
      tabIndex={0}
      role="region"
      aria-label="Parity by binding, scrollable"
    >
      <table className="parity-table" aria-label="Parity by binding">
        <thead>
          <tr>
            <th scope="col">Field</th>
            {results.map((r) => (
              <th scope="col" key={r.binding} data-state={r.state}>
                {BINDINGS[r.binding].label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {row('Outcome', 'Outcome', outcomeText)}
          {row('HTTP status', 'HTTP status', (r) => (r.status === null ? '—' : String(r.status)))}
          {row('Time', 'Time', (r) => (r.timeMs === null ? '—' : formatDuration(r.timeMs)))}
          {fields.map((field) =>
            row(field, field, (r) =>
              r.state === 'answered' ? cellText(field, r.fields[field]) : '—',
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
