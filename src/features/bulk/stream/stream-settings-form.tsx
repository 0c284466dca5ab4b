import { useEffect, useId } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
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

interface SettingProps {
  id: string;
  label: string;
  help: string;
  error: string | undefined;
  inputMode: 'decimal' | 'numeric';
  placeholder?: string;
  field: UseFormRegisterReturn;
}

/** One typed setting: its label, help, and the CLI's message when it is not valid. */
function Setting({ id, label, help, error, inputMode, placeholder, field }: SettingProps) {
  return (
    <FormField id={id} label={label} help={help} error={error}>
      <input
        id={id}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, { error })}
        {...field}
      />
    </FormField>
  );
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
  return (
    <fieldset className="bulk-stream-settings">
      <legend>Sending</legend>
      <Setting
        id={`${id}-rate`}
        label="Rate"
        help="Rows per second at most (50 or 50/s), or per minute (3000/min). Empty: as fast as the concurrency allows."
        error={errors.rate?.message}
        inputMode="decimal"
        placeholder="no limit"
        field={register('rate', { validate: rateMessage })}
      />
      <Setting
        id={`${id}-concurrency`}
        label="Calls at a time"
        help="Calls in flight (1–64). Through the console server, 16 is about twice as fast as 6, if the service can take it."
        error={errors.concurrency?.message}
        inputMode="numeric"
        field={register('concurrency', { validate: concurrencyMessage })}
      />
      <div className="checkbox">
        <input id={`${id}-adaptive`} type="checkbox" {...register('adaptive')} />
        <label htmlFor={`${id}-adaptive`}>
          Adaptive: find how many calls at a time the service answers fastest
        </label>
      </div>
      <Setting
        id={`${id}-retries`}
        label="Retries"
        help="Times a row is sent again when the service is busy (503, 429: after its Retry-After), a call times out or the connection fails (0–20). Answers the service gave on purpose are never retried."
        error={errors.retries?.message}
        inputMode="numeric"
        field={register('retries', { validate: retriesMessage })}
      />
    </fieldset>
  );
}
