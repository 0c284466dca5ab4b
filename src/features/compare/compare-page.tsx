import './compare.css';
import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BINDINGS } from '../../protocol/operations.ts';
import { compareInWorker } from '../../components/xml-viewer/core/compare/compare-client.ts';
import { listCalls, listExchangeSizes, type CallRecord } from '../../lib/history-db.ts';
import { useLastStubsResult } from '../../lib/last-result.ts';
import { loadStoredDataStubs } from '../../lib/stored-result.ts';
import { CompareResults } from './compare-results.tsx';

/** The side-by-side text view is for reading: above this, only counts and rows are shown. */
const TEXT_VIEW_LIMIT = 2_000_000;
const CURRENT = 'current';

function historyLabel(call: CallRecord): string {
  const params = Object.entries(call.params)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
  return `History: ${new Date(call.at).toLocaleString()} · ${BINDINGS[call.binding].label} · ${params} · ${call.summary}`;
}

function SourceSelect({
  label,
  value,
  onChange,
  hasCurrent,
  currentLabel,
  calls,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  hasCurrent: boolean;
  currentLabel: string;
  calls: readonly CallRecord[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {hasCurrent && <option value={CURRENT}>Current result: {currentLabel}</option>}
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
    queryKey: ['history', 'comparable'],
    queryFn: async () => {
      const [calls, stored] = await Promise.all([listCalls(), listExchangeSizes()]);
      const kept = new Set(stored.map((s) => s.id));
      return calls.filter((c) => c.operation === 'GetAssetStubs' && !c.parity && kept.has(c.id));
    },
  });
  const calls = history.data ?? [];
  const [left, setLeft] = useState('');
  const [right, setRight] = useState('');
  const [keyColumn, setKeyColumn] = useState<string | null | undefined>(undefined);

  const payloadOf = async (choice: string): Promise<string> => {
    if (choice === CURRENT) {
      if (!current) throw new Error('There is no current result: call GetAssetStubs first.');
      return current.dataStubs;
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
        DataStubs compared by meaning: namespace prefixes, attribute order, whitespace between tags
        and the form the payload arrived in (literal, escaped, CDATA) do not count. Record lists are
        compared row by row.
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
        />
        <SourceSelect
          label="Right"
          value={right}
          onChange={setRight}
          hasCurrent={current !== null}
          currentLabel={current?.label ?? ''}
          calls={calls}
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
