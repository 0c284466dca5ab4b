import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField, fieldDescribedBy } from '../../../components/form-field/form-field.tsx';
import {
  concurrencyMessage,
  DEFAULT_STREAM_SETTINGS,
  rateMessage,
  retriesMessage,
  streamSettings,
  type StreamSettings,
  type StreamSettingsForm,
} from './stream-settings.ts';

export interface StreamSettingsFieldsProps {
  /** Told each valid change (null while a field is invalid: the job keeps the last valid one). */
  onChange(settings: StreamSettings | null): void;
}

/**
 * Rate, concurrency, adaptive and retries for a streamed job: the CLI's options, checked as
 * they are typed, with the CLI's messages.
 */
export function StreamSettingsFields({ onChange }: StreamSettingsFieldsProps) {
  const id = useId();
  const {
    register,
    control,
    formState: { errors },
  } = useForm<StreamSettingsForm>({ defaultValues: DEFAULT_STREAM_SETTINGS, mode: 'onChange' });
  const values = useWatch({ control }) as StreamSettingsForm;
  const { rate, concurrency, adaptive, retries } = values;
  useEffect(() => {
    onChange(streamSettings({ rate, concurrency, adaptive, retries }));
  }, [rate, concurrency, adaptive, retries, onChange]);
  const f = {
    rate: `${id}-rate`,
    concurrency: `${id}-concurrency`,
    adaptive: `${id}-adaptive`,
    retries: `${id}-retries`,
  };
  const e = {
    rate: errors.rate?.message,
    concurrency: errors.concurrency?.message,
    retries: errors.retries?.message,
  };
  return (
    <fieldset className="bulk-stream-settings">
      <legend>Sending</legend>
      <FormField
        id={f.rate}
        label="Rate"
        help="Rows per second at most (50 or 50/s), or per minute (3000/min). Empty: as fast as the concurrency allows."
        error={e.rate}
      >
        <input
          id={f.rate}
          inputMode="decimal"
          placeholder="no limit"
          aria-invalid={e.rate ? true : undefined}
          aria-describedby={fieldDescribedBy(f.rate, { error: e.rate })}
          {...register('rate', { validate: rateMessage })}
        />
      </FormField>
      <FormField
        id={f.concurrency}
        label="Calls at a time"
        help="Calls in flight (1–64). Through the console server, 16 is about twice as fast as 6, if the service can take it."
        error={e.concurrency}
      >
        <input
          id={f.concurrency}
          inputMode="numeric"
          aria-invalid={e.concurrency ? true : undefined}
          aria-describedby={fieldDescribedBy(f.concurrency, { error: e.concurrency })}
          {...register('concurrency', { validate: concurrencyMessage })}
        />
      </FormField>
      <div className="checkbox">
        <input id={f.adaptive} type="checkbox" {...register('adaptive')} />
        <label htmlFor={f.adaptive}>
          Adaptive: find how many calls at a time the service answers fastest
        </label>
      </div>
      <FormField
        id={f.retries}
        label="Retries"
        help="Times a row is sent again when the service is busy (503, 429: after its Retry-After), a call times out or the connection fails (0–20). Answers the service gave on purpose are never retried."
        error={e.retries}
      >
        <input
          id={f.retries}
          inputMode="numeric"
          aria-invalid={e.retries ? true : undefined}
          aria-describedby={fieldDescribedBy(f.retries, { error: e.retries })}
          {...register('retries', { validate: retriesMessage })}
        />
      </FormField>
    </fieldset>
  );
}
