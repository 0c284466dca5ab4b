import {
  useCallback,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
} from 'react';
import type { RegisterFn } from '../../../bulk-job/bulk-runner.ts';
import { fieldDescribedBy } from '../../../components/form-field/form-field.tsx';
import { formatBytes } from '../../../text/format.ts';
import { downloadBlob } from '../../../components/xml-viewer/clipboard-and-download.ts';
import { resultsFileName } from '../download-results.ts';
import { StreamJob, type StreamJobView } from './stream-job.ts';
import { StreamProgress } from './stream-progress.tsx';
import { isActive, streamSlot } from './stream-slot.ts';
import { StreamSettingsFields } from './stream-settings-form.tsx';
import { streamSettings, DEFAULT_STREAM_SETTINGS, type StreamSettings } from './stream-settings.ts';
import type { DoneRowsState } from '../../../bulk-job/done-rows.ts';
import { errorMessage } from '../../../text/error-message.ts';

export interface StreamSender {
  register: RegisterFn;
  describeError(error: unknown): string;
}

export interface StreamPanelProps {
  /** Checks the page's OpenIDKey (and says what is missing); false: nothing is sent. */
  keyGiven(): boolean;
  /** How rows are sent: the page's client, key and binding, over its relay. */
  openSender(): Promise<StreamSender>;
  skipDuplicates: boolean;
  maxFailures: number | null;
  /** The pasted job is running: one job at a time. */
  otherJobBusy: boolean;
}

const NO_VIEW = (): StreamJobView | null => null;
const n = (value: number) => value.toLocaleString('en');

/**
 * A CSV file of any size, sent as it is read: its rows never enter the box or the page's table;
 * the page shows counts, failures and the last rows, and writes the results as they land.
 */
export function StreamPanel({
  keyGiven,
  openSender,
  skipDuplicates,
  maxFailures,
  otherJobBusy,
}: StreamPanelProps) {
  const id = useId();
  const fileId = `${id}-file`;
  const slot = useSyncExternalStore(streamSlot.subscribe, streamSlot.getState);
  const job = slot.job;
  const view = useSyncExternalStore(job?.subscribe ?? noSubscribe, job?.getView ?? NO_VIEW);
  const settings = useRef<StreamSettings | null>(streamSettings(DEFAULT_STREAM_SETTINGS));
  const [settingsValid, setSettingsValid] = useState(true);
  const [startError, setStartError] = useState<string | null>(null);
  const active = job !== null && isActive(job);
  const onSettings = useCallback((next: StreamSettings | null) => {
    setSettingsValid(next !== null);
    if (!next) return;
    settings.current = next;
    streamSlot.getState().job?.setSettings(next);
  }, []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setStartError(null);
    if (file) void streamSlot.choose(file);
  };

  const send = async (resumeFrom: DoneRowsState | null, continued = false) => {
    const file = slot.file;
    const chosen = settings.current;
    if (!file || !chosen || !keyGiven()) return;
    setStartError(null);
    try {
      const sender = await openSender();
      const next = StreamJob.begin({
        file,
        ...sender,
        settings: chosen,
        skipDuplicates,
        maxFailures,
        resumeFrom,
        ...(continued && job ? { results: job.results } : {}),
      });
      streamSlot.setJob(next);
    } catch (error) {
      setStartError(errorMessage(error));
    }
  };

  const earlier = slot.earlier;
  const earlierDone = earlier ? earlier.prefix + earlier.extra.length : 0;
  const canStart = slot.file !== null && !active && !otherJobBusy && settingsValid;
  return (
    <section className="bulk-stream" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>A large file, sent as it is read</h2>
      <div className="field">
        <label htmlFor={fileId}>Or send a CSV file of any size</label>
        <input
          id={fileId}
          type="file"
          data-testid="stream-file-input"
          disabled={active}
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          aria-describedby={fieldDescribedBy(fileId)}
          onChange={choose}
        />
        <p id={`${fileId}-help`} className="help">
          Millions of rows: the file is read and checked in the background as its rows are sent, and
          the results file is written as they are answered. The rows are not shown in the box or the
          table above; the same header and column rules apply.
        </p>
      </div>
      {slot.file && (
        <p data-testid="stream-file">
          {slot.file.name} ({formatBytes(slot.file.size)})
        </p>
      )}
      {earlier && earlierDone > 0 && !job && (
        <p className="warning" data-testid="stream-earlier">
          This file was sent before: {n(earlierDone)} rows were done ({n(earlier.registered)}{' '}
          registered, {n(earlier.failed)} failed in its last run). Go on after them, or send every
          row again.
        </p>
      )}
      <StreamSettingsFields onChange={onSettings} />
      <div className="actions bulk-actions">
        {!active && earlier && earlierDone > 0 && !job && (
          <button type="button" disabled={!canStart} onClick={() => void send(earlier)}>
            Go on after row {n(earlier.prefix)}
          </button>
        )}
        {!active && !job && (
          <button
            type="button"
            className={earlier && earlierDone > 0 ? 'secondary' : undefined}
            disabled={!canStart}
            onClick={() => void send(null)}
          >
            {earlier && earlierDone > 0 ? 'Send every row again' : 'Send the file'}
          </button>
        )}
        {job && view && view.phase === 'running' && (
          <button type="button" onClick={() => job.pause()}>
            Pause
          </button>
        )}
        {job && view && view.phase === 'paused' && (
          <button type="button" onClick={() => job.resume()}>
            Resume
          </button>
        )}
        {job && active && (
          <button type="button" className="secondary" onClick={() => job.stop()}>
            Stop
          </button>
        )}
        {job && view && (view.phase === 'cancelled' || view.phase === 'stopped') && (
          <button
            type="button"
            disabled={!canStart}
            onClick={() => void send(job.progress(), true)}
          >
            Continue
          </button>
        )}
        {job && view && job.results.count > 0 && (
          <button
            type="button"
            className="secondary"
            onClick={() => downloadBlob(job.results.blob(), resultsFileName(job.file.name))}
          >
            Download results (CSV)
          </button>
        )}
        {job && !active && (
          <button type="button" className="secondary" onClick={() => streamSlot.clear()}>
            Another file
          </button>
        )}
      </div>
      {startError && (
        <p className="error" role="alert">
          Nothing was sent: {startError}
        </p>
      )}
      {view?.head?.columnsWords && <p className="help">{view.head.columnsWords}</p>}
      {view?.head && view.head.fileErrors.length > 0 && (
        <div role="alert" className="error">
          {view.head.fileErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {view && <StreamProgress view={view} />}
    </section>
  );
}

function noSubscribe(): () => void {
  return () => {};
}
