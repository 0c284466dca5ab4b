import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OPERATIONS } from '../../protocol/operations.ts';
import { openClient, usePreparedCalls, useConnection } from '../../connection/connection.ts';
import { targetsQueryOptions } from '../../connection/targets.ts';
import { useKeyMemory } from '../../session/key-memory.tsx';
import { useSettings } from '../../settings/settings-context.tsx';
import { describeError } from '../../outcome/outcome.ts';
import { OutcomeBanner } from '../../components/outcome-banner/outcome-banner.tsx';
import { BulkInput } from './bulk-input.tsx';
import { BulkJobForm } from './bulk-job-form.tsx';
import { BulkProgress } from './bulk-progress.tsx';
import { BulkRowsTable } from './bulk-rows-table.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { BulkRowsSummary } from './bulk-rows-summary.tsx';
import { recordedRegister, recordedSend } from './recorded-register.ts';
import { StreamPanel } from './stream/stream-panel.tsx';
import { failureLine } from '../../outcome/outcome-line.ts';
import { tabBulkJobStore, type BulkJobStore } from './job-store.ts';
import { useBulkJobState, useRunnerSnapshot } from './use-bulk-job.ts';
import { bulkTransport, currentTransport, transportWords } from './job-transport.ts';
import { ROW_FILTERS, isRowFilter, type RowFilter } from './row-filter.ts';
import { useDryRun } from './use-dry-run.ts';
import './bulk.css';

export interface BulkPageProps {
  /** The job store; the tab's own by default (tests pass a fresh one). */
  store?: BulkJobStore;
}

/**
 * Registers many user asset indexes at once: rows from CSV/TSV, one OpenIDKey and one Binding,
 * sent a few at a time with progress, pause, cancel and retry, and results as CSV.
 * @example <Route path="bulk" element={<BulkPage />} />
 */
export function BulkPage({ store: givenStore }: BulkPageProps) {
  const [store] = useState(() => givenStore ?? tabBulkJobStore());
  const state = useBulkJobState(store);
  const snapshot = useRunnerSnapshot(state.runner);
  const queryClient = useQueryClient();
  const connection = useConnection();
  const { binding, setBinding } = useSettings();
  const keyMemory = useKeyMemory();
  const [openIdKey, setOpenIdKey] = useState(keyMemory.key);
  const [keyError, setKeyError] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const [filter, setFilter] = useState<RowFilter>('all');
  const dryRun = useDryRun(store);
  usePreparedCalls(connection, 'page');

  const phase = snapshot?.phase ?? 'idle';
  const busy = starting || phase === 'running' || phase === 'paused';

  const keyGiven = (): boolean => {
    if (openIdKey.trim() === '') {
      setKeyError('Enter an OpenIDKey: every row is sent with it.');
      return false;
    }
    setKeyError(undefined);
    keyMemory.setKey(openIdKey);
    return true;
  };

  // On the page's thread: a row's call and answer are small, and the worker's two thread hops
  // per row cost the renderer more than the call itself (docs/bulk.md, Design). Over the
  // console server's WebSocket relay when it answers and its target list offers one, else plain
  // fetch.
  const jobClient = async () => {
    const targets = await queryClient.ensureQueryData(targetsQueryOptions()).catch(() => undefined);
    const transport = await bulkTransport(targets?.relay ?? null);
    return openClient(queryClient, connection, binding, 'page', transport.fetch);
  };

  const launch = async (action: 'run' | 'retry') => {
    if (!keyGiven()) return;
    setStartError(null);
    dryRun.clear();
    setStarting(true);
    try {
      const client = await jobClient();
      const register = recordedRegister(client, {
        openIdKey,
        binding,
        targetId: connection.targetId,
        record: state.input.recordInHistory,
      });
      if (action === 'run') await store.run(register);
      else store.retryFailed(register);
    } catch (error) {
      setStartError(error);
    } finally {
      setStarting(false);
    }
  };

  // A streamed file's rows go the same way as pasted rows; the runner reads the typed errors
  // itself (retries), so they are put in words (without the key) only for the results.
  const openSender = async () => {
    const client = await jobClient();
    const key = openIdKey;
    return {
      register: recordedSend(client, {
        openIdKey: key,
        binding,
        targetId: connection.targetId,
        record: state.input.recordInHistory,
      }),
      describeError: (error: unknown) => failureLine(error, [key]),
    };
  };

  const parsed = state.parsed;
  const verdict = dryRun.verdictFor(parsed, openIdKey);
  // Read at each repaint: the relay may close during a job, and later rows then go direct.
  const transport = currentTransport();
  return (
    <>
      <h1>Bulk register</h1>
      <p className="lead">
        {OPERATIONS.AddUserAssetIndex.summary} Many at once: one row per index, from CSV or TSV.
      </p>
      <div className="bulk-grid">
        <BulkInput store={store} state={state} />
        <BulkJobForm
          binding={binding}
          onBindingChange={setBinding}
          openIdKey={openIdKey}
          onKeyChange={setOpenIdKey}
          keyError={keyError}
          input={state.input}
          onOptionsChange={(patch) => store.setOptions(patch)}
          busy={busy}
          started={state.runner !== null}
          onSubmit={() => {
            if (!busy && state.runner === null) void launch('run');
          }}
        />
      </div>
      <BulkRowsSummary state={state} />
      <BulkActions
        store={store}
        state={state}
        snapshot={snapshot}
        starting={starting}
        checkingKey={dryRun.checking}
        onRun={() => void launch('run')}
        onCheck={() => {
          if (keyGiven()) void dryRun.check(jobClient, openIdKey);
        }}
        onRetry={() => void launch('retry')}
      />
      {verdict && (
        <p role="status" className={verdict.ok ? 'ok-text' : 'error'} data-testid="bulk-dry-run">
          {verdict.words}
        </p>
      )}
      {startError !== null && (
        <div className="result">
          <OutcomeBanner outcome={describeError(startError)} />
          <p className="help">Nothing was sent. Your rows and settings are kept.</p>
        </div>
      )}
      {snapshot && <BulkProgress snapshot={snapshot} />}
      {snapshot && transport && (
        <p className="help" data-testid="bulk-transport" data-transport={transport.kind}>
          {transportWords(transport)}
        </p>
      )}
      {state.notSaved && (
        <p className="warning">
          This job is too large to keep across a reload of the tab; it stays while this page is
          open. Download the results before closing the tab.
        </p>
      )}
      <StreamPanel
        keyGiven={keyGiven}
        openSender={openSender}
        skipDuplicates={state.input.skipDuplicates}
        maxFailures={state.input.maxFailures}
        otherJobBusy={busy}
      />
      {parsed && parsed.rows.length > 0 && (
        <>
          <div className="field bulk-filter">
            <label htmlFor="bulk-filter">Show</label>
            <select
              id="bulk-filter"
              value={filter}
              onChange={(event) => {
                if (isRowFilter(event.target.value)) setFilter(event.target.value);
              }}
            >
              {Object.entries(ROW_FILTERS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <BulkRowsTable
            rows={parsed.rows}
            runner={state.runner}
            snapshot={snapshot}
            skipDuplicates={state.input.skipDuplicates}
            filter={filter}
          />
        </>
      )}
    </>
  );
}
