import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BINDINGS, OPERATION_NAMES, isOperationName } from '../../protocol/operations.ts';
import { getExchange, listExchangeSizes, type CallRecord } from '../../lib/history-db.ts';
import type { HarSourceCall } from '../../lib/har/build-har.ts';
import { HarExport } from '../../components/har-export/har-export.tsx';
import { OUTCOME_KINDS, OUTCOME_LABELS, isOutcomeKind } from '../../lib/outcome-kind.ts';
import { formatDuration } from '../../lib/format.ts';
import {
  clearHistoryMutation,
  deleteCallMutation,
  historyQueryOptions,
} from './history-queries.ts';

function paramsText(params: Record<string, string>): string {
  const entries = Object.entries(params);
  return entries.length === 0
    ? '(none)'
    : entries.map(([k, v]) => `${k}=${v === '' ? '(empty)' : v}`).join(', ');
}

/** Every call made from this browser: filter, re-run into the form, delete, clear. */
export function HistoryPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const history = useQuery(historyQueryOptions());
  const remove = useMutation(deleteCallMutation(queryClient));
  const clear = useMutation(clearHistoryMutation(queryClient));
  const [operation, setOperation] = useState('');
  const [outcome, setOutcome] = useState('');
  const [confirming, setConfirming] = useState(false);
  const stored = useQuery({
    queryKey: ['history', 'stored-responses'],
    queryFn: listExchangeSizes,
  });
  const storedIds = new Set((stored.data ?? []).map((s) => s.id));

  const calls = (history.data ?? []).filter(
    (c) => (!operation || c.operation === operation) && (!outcome || c.outcome === outcome),
  );

  const exportable = calls.filter((c) => !c.parity && storedIds.has(c.id));
  const harCalls = async (): Promise<HarSourceCall[]> => {
    const loaded = await Promise.all(
      exportable.map(async (call) => ({ call, exchange: await getExchange(call.id) })),
    );
    return loaded.flatMap(({ call, exchange }) =>
      exchange
        ? [
            {
              operation: call.operation,
              binding: call.binding,
              targetId: call.targetId,
              namespace: null,
              request: exchange.request,
              response: exchange.response,
              timings: exchange.timings,
              at: call.at,
              comment: call.summary,
              // Stored exchanges were redacted before they were written.
              secrets: [],
            },
          ]
        : [],
    );
  };

  const rerun = (call: CallRecord) => {
    if (call.operation === 'GetAssetStubs') {
      const params = new URLSearchParams();
      params.set('AssetType', call.params.AssetType ?? '');
      params.set('OtherFilterCriteria', call.params.OtherFilterCriteria ?? '');
      params.set('binding', call.binding);
      void navigate(`/stubs?${params.toString()}`);
    } else {
      void navigate('/register', {
        state: {
          ServiceURI: call.params.ServiceURI ?? '',
          MediaType: call.params.MediaType ?? '',
          binding: call.binding,
        },
      });
    }
  };

  return (
    <>
      <h1>History</h1>
      <p className="lead">
        Every call made from this browser, kept in IndexedDB. Keys are never stored: re-running
        fills the form, and you enter the key again.
      </p>
      <div className="filters" role="group" aria-label="Filters">
        <div className="field">
          <label htmlFor="history-operation">Operation</label>
          <select
            id="history-operation"
            value={operation}
            onChange={(e) => setOperation(isOperationName(e.target.value) ? e.target.value : '')}
          >
            <option value="">All operations</option>
            {OPERATION_NAMES.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="history-outcome">Outcome</label>
          <select
            id="history-outcome"
            value={outcome}
            onChange={(e) => setOutcome(isOutcomeKind(e.target.value) ? e.target.value : '')}
          >
            <option value="">All outcomes</option>
            {OUTCOME_KINDS.map((k) => (
              <option key={k} value={k}>
                {OUTCOME_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          {confirming ? (
            <>
              <button
                type="button"
                className="danger"
                onClick={() => {
                  clear.mutate();
                  setConfirming(false);
                }}
              >
                Yes, clear all history
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                Keep history
              </button>
            </>
          ) : (
            <button
              type="button"
              className="secondary"
              disabled={!history.data?.length}
              onClick={() => setConfirming(true)}
            >
              Clear all
            </button>
          )}
        </div>
      </div>
      <p role="status" className="muted">
        {history.isPending
          ? 'Loading…'
          : history.isError
            ? 'History could not be read from IndexedDB in this browser.'
            : `${calls.length} of ${history.data.length} calls shown`}
      </p>
      {exportable.length > 0 && (
        <HarExport
          calls={harCalls}
          fileName="inode-history"
          canRevealKey={false}
          label={`Export the ${exportable.length} shown with a stored response as HAR`}
        />
      )}
      {calls.length > 0 && (
        <div className="table-scroll">
          <table className="history-table">
            <caption className="visually-hidden">Calls, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Operation</th>
                <th scope="col">Binding</th>
                <th scope="col">Parameters</th>
                <th scope="col">Outcome</th>
                <th scope="col">Duration</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {calls.map((call) => (
                <tr key={call.id} data-outcome={call.outcome}>
                  <td>{new Date(call.at).toLocaleString()}</td>
                  <td>{call.operation}</td>
                  <td>{call.parity ? 'All bindings (parity)' : BINDINGS[call.binding].label}</td>
                  <td className="mono break">{paramsText(call.params)}</td>
                  <td>
                    <span className={`badge outcome-badge-${call.outcome}`}>
                      {OUTCOME_LABELS[call.outcome]}
                    </span>
                    <div className="muted small">{call.summary}</div>
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
                  <td>{formatDuration(call.durationMs)}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Re-run ${call.operation} from ${new Date(call.at).toLocaleTimeString()}`}
                      onClick={() => rerun(call)}
                    >
                      Re-run
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Delete ${call.operation} from ${new Date(call.at).toLocaleTimeString()}`}
                      onClick={() => remove.mutate(call.id)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
