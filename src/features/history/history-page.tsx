import './history.css';
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { OPERATION_NAMES, isOperationName } from '../../protocol/operations.ts';
import {
  getExchange,
  listExchangeSizes,
  onHistoryWritten,
  type CallRecord,
} from '../../history/history-db.ts';
import { historyKeys } from '../../history/history-keys.ts';
import { matchesSearch } from '../../history/history-facts.ts';
import { compareKeyWith } from '../../history/key-fingerprint.ts';
import { useKeyMemory } from '../../session/key-memory.tsx';
import type { HarSourceCall } from '../../har/build-har.ts';
import { HarExport } from '../../components/har-export/har-export.tsx';
import { OUTCOME_KINDS, OUTCOME_LABELS, isOutcomeKind } from '../../outcome/outcome-kind.ts';
import {
  clearHistoryMutation,
  deleteCallMutation,
  historyQueryOptions,
} from './history-queries.ts';
import { HistoryList } from './history-list.tsx';
import { RerunKeyCheck, type PendingRerun } from './rerun-key-check.tsx';
import { StoredResponse } from './stored-response.tsx';

/** Every call made from this browser: search, filter, open, re-run into the form, delete, clear. */
export function HistoryPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { key, setKey } = useKeyMemory();
  const history = useQuery(historyQueryOptions());
  // A call's entry is written just after its answer is shown: one that lands while History is
  // open (the page was opened right after the call) shows up.
  useEffect(
    () => onHistoryWritten(() => void queryClient.invalidateQueries({ queryKey: historyKeys.all })),
    [queryClient],
  );
  const remove = useMutation(deleteCallMutation(queryClient));
  const clear = useMutation(clearHistoryMutation(queryClient));
  const [search, setSearch] = useState('');
  const [operation, setOperation] = useState('');
  const [outcome, setOutcome] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [pendingRerun, setPendingRerun] = useState<PendingRerun | null>(null);
  const [opened, setOpened] = useState<CallRecord | null>(null);
  const stored = useQuery({
    queryKey: historyKeys.storedResponses(),
    queryFn: listExchangeSizes,
  });
  const storedIds = new Set((stored.data ?? []).map((s) => s.id));

  const calls = (history.data ?? []).filter(
    (c) =>
      (!operation || c.operation === operation) &&
      (!outcome || c.outcome === outcome) &&
      matchesSearch(c, search),
  );

  const exportable = calls.filter((c) => !c.parity && storedIds.has(c.id));
  const harCalls = async (): Promise<HarSourceCall[]> => {
    const loaded = await Promise.all(
      exportable.map(async (call) => ({ call, exchange: await getExchange(call.id) })),
    );
    // Only what a HAR entry needs: the entry's key fingerprint stays in History.
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

  const fillForm = (call: CallRecord) => {
    setPendingRerun(null);
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

  // The form is filled at once only when its key is the entry's, or when it has none (the
  // operator then types one); otherwise the operator chooses first.
  const rerun = async (call: CallRecord) => {
    const match = await compareKeyWith(key, call.keyFingerprint);
    if (match === 'same' || match === 'no-key') fillForm(call);
    else setPendingRerun({ call, match });
  };

  return (
    <>
      <h1>History</h1>
      <p className="lead">
        Every call made from this browser, kept in IndexedDB: where it went, who answered and how
        much came back. Keys are never stored, only a fingerprint that tells Re-run whether the key
        in the form is the one the call was made with.
      </p>
      <div className="filters" role="group" aria-label="Filters">
        <div className="field history-search">
          <label htmlFor="history-search">Search</label>
          <input
            id="history-search"
            type="search"
            value={search}
            placeholder="operation, target, parameter, UserID, outcome…"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
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
                  setOpened(null);
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
      {pendingRerun && (
        <RerunKeyCheck
          pending={pendingRerun}
          onClearKey={() => {
            setKey('');
            fillForm(pendingRerun.call);
          }}
          onKeepKey={() => fillForm(pendingRerun.call)}
          onCancel={() => setPendingRerun(null)}
        />
      )}
      {opened && <StoredResponse key={opened.id} call={opened} onClose={() => setOpened(null)} />}
      {exportable.length > 0 && (
        <HarExport
          calls={harCalls}
          fileName="inode-history"
          canRevealKey={false}
          label={`Export the ${exportable.length} shown with a stored response as HAR`}
        />
      )}
      {calls.length > 0 && (
        <HistoryList
          calls={calls}
          storedIds={storedIds}
          onRerun={(call) => void rerun(call)}
          onOpen={setOpened}
          onDelete={(call) => {
            if (opened?.id === call.id) setOpened(null);
            remove.mutate(call.id);
          }}
        />
      )}
    </>
  );
}
