import { BINDINGS } from '../../protocol/operations.ts';
import type { CallRecord } from '../../history/history-db.ts';
import {
  amountText,
  bindingText,
  paramsText,
  targetText,
  userIdText,
} from '../../history/history-facts.ts';
import { OUTCOME_LABELS } from '../../outcome/outcome-kind.ts';
import { formatDuration } from '../../text/format.ts';

/**
 * History's entries: a table on wide screens; under 700 px each row is a card (history.css),
 * every cell labelled by its `data-label`, so the page never scrolls sideways.
 */
export function HistoryList({
  calls,
  storedIds,
  onRerun,
  onOpen,
  onDelete,
}: {
  calls: readonly CallRecord[];
  storedIds: ReadonlySet<number>;
  onRerun(call: CallRecord): void;
  onOpen(call: CallRecord): void;
  onDelete(call: CallRecord): void;
}) {
  return (
    <div className="table-scroll">
      <table className="history-table">
        <caption className="visually-hidden">Calls, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Target</th>
            <th scope="col">Operation</th>
            <th scope="col">Binding</th>
            <th scope="col">Parameters</th>
            <th scope="col">UserID</th>
            <th scope="col">Stubs or result</th>
            <th scope="col">Outcome</th>
            <th scope="col">Duration</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {calls.map((call) => {
            const label = `${call.operation} from ${new Date(call.at).toLocaleTimeString()}`;
            return (
              <tr key={call.id} data-outcome={call.outcome}>
                <td data-label="When">{new Date(call.at).toLocaleString()}</td>
                <td data-label="Target">{targetText(call)}</td>
                <td data-label="Operation">{call.operation}</td>
                <td data-label="Binding">{bindingText(call)}</td>
                <td data-label="Parameters" className="mono break">
                  {paramsText(call.params)}
                </td>
                <td data-label="UserID" className="mono">
                  {userIdText(call)}
                </td>
                <td data-label="Stubs or result" className="break">
                  {amountText(call)}
                </td>
                <td data-label="Outcome">
                  <span className={`badge outcome-badge-${call.outcome}`}>
                    {OUTCOME_LABELS[call.outcome]}
                  </span>
                  <div className="muted small break">{call.summary}</div>
                  {call.parity && (
                    <ul className="muted small parity-history">
                      {call.parity.bindings.map((b) => (
                        <li key={b.binding}>
                          {BINDINGS[b.binding].label}:{' '}
                          {b.state === 'answered' ? (b.outcome ?? '') : b.state}
                          {b.status !== null ? ` (${b.status})` : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td data-label="Duration">{formatDuration(call.durationMs)}</td>
                <td className="row-actions">
                  {!call.parity && storedIds.has(call.id) && (
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Open the stored response of ${label}`}
                      onClick={() => onOpen(call)}
                    >
                      Open response
                    </button>
                  )}
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Re-run ${label}`}
                    onClick={() => onRerun(call)}
                  >
                    Re-run
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Delete ${label}`}
                    onClick={() => onDelete(call)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
