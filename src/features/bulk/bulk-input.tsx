import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { fieldDescribedBy } from '../../components/form-field/form-field.tsx';
import type { BulkJobStore, BulkJobState } from './job-store.ts';
import { streamSlot } from './stream/stream-slot.ts';
import { lockedPreview, LOCKED_PREVIEW_LINES, SHOWS_ALL } from './locked-preview.ts';
import { errorMessage } from '../../text/error-message.ts';

/** Files larger than this are refused before reading: split them into several jobs. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export interface BulkInputProps {
  store: BulkJobStore;
  state: BulkJobState;
}

/**
 * The rows of the job: pasted or typed CSV/TSV, or a chosen file (its text lands in the same box,
 * where it can be corrected; a large file's first lines only, until "Edit all lines here").
 * Locked while a job exists, so results always match their rows.
 */
export function BulkInput({ store, state }: BulkInputProps) {
  const id = useId();
  const textId = `${id}-text`;
  const fileId = `${id}-file`;
  const [fileError, setFileError] = useState<string | undefined>();
  const locked = state.runner !== null;
  const text = state.input.text;
  // A chosen file's text stays out of the box beyond its first lines unless asked for: a large
  // value costs Chromium a long task when it arrives and again when the job locks the box.
  const [editWhole, setEditWhole] = useState(false);
  const fromFile = state.input.fileName !== null;
  const previewed = locked || (fromFile && !editWhole);
  const shown = useMemo(
    () =>
      previewed
        ? lockedPreview(text, LOCKED_PREVIEW_LINES, locked ? SHOWS_ALL.locked : SHOWS_ALL.file)
        : text,
    [previewed, locked, text],
  );
  const partial = shown !== text;

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      // Too large for the box: it is sent as it is read instead (the streamed job below).
      setFileError(
        `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB, more than the box takes (20 MB): it is ready below, to be sent as it is read.`,
      );
      void streamSlot.choose(file);
      return;
    }
    try {
      const text = await file.text();
      setFileError(undefined);
      setEditWhole(false);
      store.setText(text, file.name);
      await store.checkNow();
    } catch (error) {
      setFileError(`${file.name} could not be read: ${errorMessage(error)}`);
    }
  };

  return (
    <fieldset className="bulk-input">
      <legend>Rows</legend>
      <div className="field">
        <label htmlFor={textId}>CSV or TSV rows</label>
        <textarea
          id={textId}
          className="mono"
          rows={8}
          spellCheck={false}
          value={shown}
          readOnly={locked || partial}
          aria-describedby={fieldDescribedBy(textId)}
          placeholder={'ServiceURI,MediaType\nhttps://media.example.org/a.jpg,image'}
          onChange={(event) => store.setText(event.target.value)}
        />
        <p id={`${textId}-help`} className="help">
          A header row naming the ServiceURI and MediaType columns (any order, any case; other
          columns are ignored), then one index per row. Otherwise the column holding URIs is
          ServiceURI and the other MediaType; a first line without a URI there is read as a header.
          Comma, tab, semicolon or pipe separated.
        </p>
      </div>
      <div className="field">
        <label htmlFor={fileId}>Or choose a CSV file</label>
        <input
          id={fileId}
          type="file"
          disabled={locked}
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          aria-describedby={fieldDescribedBy(fileId, { error: fileError })}
          onChange={(event) => void chooseFile(event)}
        />
        <p id={`${fileId}-help`} className="help">
          {!state.input.fileName
            ? 'Its text is loaded into the box above, up to 20 MB; a larger file is sent as it is read (below).'
            : partial && !locked
              ? `Loaded from ${state.input.fileName}: the box shows its first ${LOCKED_PREVIEW_LINES.toLocaleString('en')} lines; every row is kept and checked.`
              : `Loaded from ${state.input.fileName}; you can still edit the rows above.`}
        </p>
        {partial && !locked && (
          <button type="button" className="secondary" onClick={() => setEditWhole(true)}>
            Edit all lines here
          </button>
        )}
        {fileError && (
          <p id={`${fileId}-error`} className="error" role="alert">
            {fileError}
          </p>
        )}
      </div>
      {locked && (
        <p className="help">
          The rows are locked while this job exists. Choose “New job” to edit them.
        </p>
      )}
    </fieldset>
  );
}
