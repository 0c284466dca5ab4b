import './compare.css';
import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { compareInWorker } from '../../workers/compare/compare-client.ts';
import {
  listCalls,
  listExchangeSizes,
  onExchangeKept,
  type CallRecord,
} from '../../history/history-db.ts';
import { useConnection } from '../../connection/connection.ts';
import { factsLine } from '../../history/history-facts.ts';
import { historyKeys } from '../../history/history-keys.ts';
import { useKeyMemory } from '../../session/key-memory.tsx';
import { useLastStubsResult } from '../../session/last-result.ts';
import { readText } from '../../text/held-text.ts';
import { useSettings } from '../../settings/settings-context.tsx';
import { loadStoredDataStubs } from '../../history/stored-result.ts';
import { stubsOnTarget } from '../../connection/stubs-on-target.ts';
import { targetsQueryOptions, type ConsoleTarget } from '../../connection/targets.ts';
import { CompareResults } from './compare-results.tsx';

/** The side-by-side text view is for reading: above this, only counts and rows are shown. */
const TEXT_VIEW_LIMIT = 2_000_000;
const CURRENT = 'current';
const TARGET_PREFIX = 'target:';

/** The same facts History shows (time, target, operation, binding, UserID, stubs), so entries differ. */
function historyLabel(call: CallRecord): string {
  return `History: ${factsLine(call)}`;
}

function SourceSelect({
  label,
  value,
  onChange,
  hasCurrent,
  currentLabel,
  calls,
  otherTargets,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  hasCurrent: boolean;
  currentLabel: string;
  calls: readonly CallRecord[];
  /** Targets the current call can be repeated on. */
  otherTargets: readonly ConsoleTarget[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {hasCurrent && <option value={CURRENT}>Current result: {currentLabel}</option>}
        {otherTargets.map((target) => (
          <option key={target.id} value={`${TARGET_PREFIX}${target.id}`}>
            Same call on another target: {target.label}
          </option>
        ))}
        {calls.map((call) => (
          <option key={call.id} value={String(call.id)}>
            {historyLabel(call)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Compare two GetAssetStubs results by meaning: the current one, or any History entry kept. */
export function ComparePage() {
  const current = useLastStubsResult();
  const history = useQuery({
    queryKey: historyKeys.comparable(),
    queryFn: async () => {
      const [calls, stored] = await Promise.all([listCalls(), listExchangeSizes()]);
      const kept = new Set(stored.map((s) => s.id));
      return calls.filter((c) => c.operation === 'GetAssetStubs' && !c.parity && kept.has(c.id));
    },
  });
  const calls = history.data ?? [];
  const queryClient = useQueryClient();
  // A call made just before opening Compare may have its response kept a moment later.
  useEffect(
    () =>
      onExchangeKept(() => {
        void queryClient.invalidateQueries({ queryKey: historyKeys.comparable() });
      }),
    [queryClient],
  );
  const connection = useConnection();
  const { settings } = useSettings();
  const { key } = useKeyMemory();
  const targets = useQuery(targetsQueryOptions());
  const currentCall = current?.call;
  const otherTargets = currentCall
    ? (targets.data?.targets ?? []).filter((t) => t.id !== currentCall.targetId)
    : [];
  const [left, setLeft] = useState('');
  const [right, setRight] = useState('');
  const [keyColumn, setKeyColumn] = useState<string | null | undefined>(undefined);

  const payloadOf = async (choice: string): Promise<string> => {
    if (choice.startsWith(TARGET_PREFIX)) {
      const target = otherTargets.find((t) => `${TARGET_PREFIX}${t.id}` === choice);
      if (!target || !currentCall) throw new Error('That target is not offered any more.');
      const targetConnection = {
        ...connection,
        targetId: target.id,
        namespaceOverride: settings.namespaceOverrides[target.id] ?? null,
      };
      return stubsOnTarget(queryClient, targetConnection, target, currentCall, key);
    }
    if (choice === CURRENT) {
      if (!current) throw new Error('There is no current result: call GetAssetStubs first.');
      return readText(current.dataStubs);
    }
    const call = calls.find((c) => String(c.id) === choice);
    if (!call) throw new Error('That History entry is gone.');
    const stored = await loadStoredDataStubs(call);
    if ('missing' in stored) throw new Error(stored.missing);
    return stored.xml;
  };

  const compare = useMutation({
    mutationFn: async (key: string | null | undefined) => {
      const [a, b] = await Promise.all([payloadOf(left), payloadOf(right)]);
      const withText = a.length + b.length <= TEXT_VIEW_LIMIT;
      return compareInWorker(a, b, key === undefined ? {} : { keyColumn: key }, withText);
    },
  });

  const run = (key: string | null | undefined) => {
    setKeyColumn(key);
    compare.mutate(key);
  };
  const result = compare.data;
  const shownKey =
    keyColumn !== undefined
      ? keyColumn
      : result?.comparison.mode === 'records'
        ? result.comparison.records.keyColumn
        : null;

  return (
    <>
      <h1>Compare two results</h1>
      <p className="lead">
        DataStubs compared by meaning, from the current result, a History entry, or the current call
        repeated on another target (e.g. staging against production): namespace prefixes, attribute
        order, whitespace between tags and the form the payload arrived in (literal, escaped, CDATA)
        do not count. Record lists are compared row by row.
      </p>
      <form
        className="compare-form"
        aria-label="What to compare"
        onSubmit={(e) => {
          e.preventDefault();
          run(undefined);
        }}
      >
        <SourceSelect
          label="Left"
          value={left}
          onChange={setLeft}
          hasCurrent={current !== null}
          currentLabel={current?.label ?? ''}
          calls={calls}
          otherTargets={otherTargets}
        />
        <SourceSelect
          label="Right"
          value={right}
          onChange={setRight}
          hasCurrent={current !== null}
          currentLabel={current?.label ?? ''}
          calls={calls}
          otherTargets={otherTargets}
        />
        {!history.isPending && calls.length === 0 && current === null && (
          <p className="muted">
            Nothing to compare yet: call GetAssetStubs on the Asset stubs page; History keeps the
            responses (Settings sets how much).
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={!left || !right || compare.isPending}>
            Compare
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {compare.isPending && (
          <p role="status" className="loading">
            Comparing…
          </p>
        )}
        {compare.isError && (
          <p role="alert" className="error">
            {compare.error.message}
          </p>
        )}
        {result && !compare.isPending && (
          <CompareResults
            comparison={result.comparison}
            text={result.text}
            ms={result.ms}
            keyColumn={shownKey}
            onKeyColumn={run}
          />
        )}
      </div>
    </>
  );
}
