import './open.css';
import { useState } from 'react';
import { StubsResult } from '../../components/call-result/stubs-result.tsx';
import { useSettings } from '../../settings/settings-context.tsx';
import { StringResult } from '../../components/call-result/string-result.tsx';
import {
  decodeOfflineItem,
  readOfflineFile,
  type OfflineItem,
} from '../../offline/open-offline.ts';
import { formatBytes } from '../../text/format.ts';
import { FileDrop } from './file-drop.tsx';

interface OpenedFile {
  name: string;
  size: number;
  items: OfflineItem[];
}

function OfflineResult({ item, fileName }: { item: OfflineItem; fileName: string }) {
  const { maxIndexBytes } = useSettings().settings;
  const outcome = decodeOfflineItem(item);
  const source = `Opened from ${fileName}${item.keyRevealed ? ' (its author exported the OpenIDKey in clear)' : ''}: ${item.label}. Nothing was sent.`;
  const exchangeRecorded = item.recorded !== 'xml-body';
  if (outcome.kind === 'string')
    return (
      <StringResult result={outcome.result} source={source} exchangeRecorded={exchangeRecorded} />
    );
  if (outcome.kind === 'no-response') {
    return (
      <p role="status" className="result-source">
        {source} This entry holds no response: the call failed before one arrived.
      </p>
    );
  }
  return (
    <StubsResult
      result={outcome.kind === 'records' ? outcome.result : undefined}
      error={outcome.kind === 'error' ? outcome.error : null}
      cancelled={false}
      secret=""
      targetId={null}
      assetType=""
      stale={false}
      submission={0}
      maxIndexBytes={maxIndexBytes}
      source={source}
      exchangeRecorded={exchangeRecorded}
    />
  );
}

/** Open offline: a HAR, a raw HTTP response or an XML body, read here and never sent. */
export function OpenPage() {
  const [opened, setOpened] = useState<OpenedFile | null>(null);
  const [chosen, setChosen] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const open = (file: File) => {
    file.text().then(
      (text) => {
        try {
          const items = readOfflineFile(file.name, text);
          setOpened({ name: file.name, size: file.size, items });
          setChosen(0);
          setError(null);
        } catch (thrown) {
          setError(thrown instanceof Error ? thrown.message : 'The file could not be read.');
        }
      },
      () => setError(`${file.name} could not be read from disk.`),
    );
  };

  const item = opened?.items[chosen];
  return (
    <>
      <h1>Open a saved response</h1>
      <p className="lead">
        Read a response someone saved — a HAR from this console or a browser, a raw HTTP response,
        or an XML body — in the same views as a live call. The file stays in this browser; nothing
        is sent to any service.
      </p>
      <FileDrop accept=".har,.xml,.txt,.http,.response,application/json,text/xml" onFile={open} />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {opened && opened.items.length > 1 && (
        <fieldset className="offline-entries">
          <legend>
            {opened.name} ({formatBytes(opened.size)}) holds {opened.items.length} calls: choose one
          </legend>
          {opened.items.map((entry, index) => (
            <label key={index}>
              <input
                type="radio"
                name="offline-entry"
                checked={index === chosen}
                onChange={() => setChosen(index)}
              />{' '}
              {index + 1}. {entry.label}
            </label>
          ))}
        </fieldset>
      )}
      <div className="result-area" aria-live="polite">
        {opened && item && (
          <OfflineResult key={`${opened.name}-${chosen}`} item={item} fileName={opened.name} />
        )}
      </div>
    </>
  );
}
