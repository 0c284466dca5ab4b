import { useId } from 'react';
import { OPERATIONS, type Binding } from '../../protocol/operations.ts';
import { BindingSelect } from '../../components/binding-select/binding-select.tsx';
import { OpenIdKeyField } from '../../components/secret-input/open-id-key-field.tsx';
import { RememberKey } from '../../components/remember-key/remember-key.tsx';
import { PAGE_CONCURRENCY_CHOICES } from './job-store.ts';
import { MaxFailuresField } from './max-failures-field.tsx';
import type { BulkInput } from './job-store.ts';

const KEY = OPERATIONS.AddUserAssetIndex.parameters[0];

export interface BulkJobFormProps {
  binding: Binding;
  onBindingChange(binding: Binding): void;
  openIdKey: string;
  onKeyChange(key: string): void;
  keyError: string | undefined;
  input: BulkInput;
  onOptionsChange(
    patch: Partial<
      Pick<BulkInput, 'concurrency' | 'skipDuplicates' | 'recordInHistory' | 'maxFailures'>
    >,
  ): void;
  /** A job is sending or paused: the binding and key of the calls already made stay fixed. */
  busy: boolean;
  /** A job exists: which rows are sent is fixed. */
  started: boolean;
  /** Enter in the key field: run the job, as the Run button does. */
  onSubmit(): void;
}

/** One OpenIDKey and one Binding for the whole job, and how it runs. */
export function BulkJobForm({
  binding,
  onBindingChange,
  openIdKey,
  onKeyChange,
  keyError,
  input,
  onOptionsChange,
  busy,
  started,
  onSubmit,
}: BulkJobFormProps) {
  const id = useId();
  const keyId = `${id}-key`;
  const concurrencyId = `${id}-concurrency`;
  const skipId = `${id}-skip`;
  const recordId = `${id}-record`;
  return (
    <form
      className="bulk-job-form"
      aria-label="Bulk job"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <fieldset>
        <legend>Job</legend>
        <BindingSelect value={binding} onChange={onBindingChange} disabled={busy} />
        <OpenIdKeyField
          id={keyId}
          help={`${KEY?.description ?? ''} The same key is sent with every row; it is kept in memory only.`}
          error={keyError}
          name="OpenIDKey"
          value={openIdKey}
          disabled={busy}
          onChange={(event) => onKeyChange(event.target.value)}
        />
        <RememberKey />
        <div className="field">
          <label htmlFor={concurrencyId}>Concurrency</label>
          <select
            id={concurrencyId}
            value={input.concurrency}
            aria-describedby={`${concurrencyId}-help`}
            onChange={(event) => onOptionsChange({ concurrency: Number(event.target.value) })}
          >
            {PAGE_CONCURRENCY_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n} at a time
              </option>
            ))}
          </select>
          <p id={`${concurrencyId}-help`} className="help">
            How many rows are sent at once. 4 is kind to the service and fast; more is faster
            through the console server, if the service can take it. It can change while the job
            runs.
          </p>
        </div>
        <MaxFailuresField
          value={input.maxFailures}
          onChange={(maxFailures) => onOptionsChange({ maxFailures })}
        />
        <div className="checkbox">
          <input
            id={skipId}
            type="checkbox"
            checked={input.skipDuplicates}
            disabled={started}
            onChange={(event) => onOptionsChange({ skipDuplicates: event.target.checked })}
          />
          <label htmlFor={skipId}>Send a repeated ServiceURI + MediaType pair only once</label>
        </div>
        <div className="checkbox">
          <input
            id={recordId}
            type="checkbox"
            checked={input.recordInHistory}
            disabled={busy}
            onChange={(event) => onOptionsChange({ recordInHistory: event.target.checked })}
          />
          <label htmlFor={recordId}>Record each call in History (without the key)</label>
        </div>
      </fieldset>
      {/* With two text fields a form submits on Enter only through a submit button: Run's. */}
      <button type="submit" hidden />
    </form>
  );
}
