import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  OPERATIONS,
  type AddUserAssetIndexParams,
  type Binding,
} from '../../protocol/operations.ts';
import { BindingSelect } from '../../components/binding-select/binding-select.tsx';
import { FormField, fieldDescribedBy } from '../../components/form-field/form-field.tsx';
import { OpenIdKeyField } from '../../components/secret-input/open-id-key-field.tsx';
import { RememberKey } from '../../components/remember-key/remember-key.tsx';
import { submitOnCtrlEnter } from '../../components/form-field/keyboard.ts';
import { serviceUriWarning } from './service-uri.ts';

const [, SERVICE_URI, MEDIA_TYPE] = OPERATIONS.AddUserAssetIndex.parameters;

export interface RegisterFormProps {
  defaultValues: AddUserAssetIndexParams;
  binding: Binding;
  onBindingChange(binding: Binding): void;
  onSubmit(values: AddUserAssetIndexParams): void;
  busy: boolean;
  mediaTypeSuggestions: string[];
  /** A failure to point at from the form (the banner has the detail). */
  serverError?: string | undefined;
  /** "Register on all bindings": one registration per binding, compared (asks first). */
  onCallAllBindings?(values: AddUserAssetIndexParams): void;
  /** Shown under the fields as they are typed: e.g. that this pair was registered before. */
  renderNotice?(values: AddUserAssetIndexParams): ReactNode;
}

/**
 * @example requiredMessage('OpenIDKey') // 'Enter an OpenIDKey: it cannot be empty.'
 */
export function requiredMessage(name: string): string {
  return `Enter ${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}: it cannot be empty.`;
}

const required = (name: string) => ({
  validate: (value: string) => value.trim() !== '' || requiredMessage(name),
});

/**
 * The AddUserAssetIndex form. Empty values are errors; a ServiceURI that is not an absolute URI
 * is only warned about, since the service may accept it. Values stay after any failure.
 */
export function RegisterForm({
  defaultValues,
  binding,
  onBindingChange,
  onSubmit,
  busy,
  mediaTypeSuggestions,
  serverError,
  onCallAllBindings,
  renderNotice,
}: RegisterFormProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<AddUserAssetIndexParams>({ defaultValues });
  const submit = handleSubmit(onSubmit);
  const [watchedKey, watchedUri, watchedMedia] = useWatch({
    control,
    name: ['OpenIDKey', 'ServiceURI', 'MediaType'],
  });
  const uriWarning = serviceUriWarning(watchedUri);
  const e = {
    key: errors.OpenIDKey?.message,
    uri: errors.ServiceURI?.message,
    media: errors.MediaType?.message,
  };

  return (
    <form
      className="call-form"
      aria-label="AddUserAssetIndex"
      noValidate
      onSubmit={(ev) => void submit(ev)}
      onKeyDown={submitOnCtrlEnter(() => void submit())}
    >
      <BindingSelect value={binding} onChange={onBindingChange} />
      <OpenIdKeyField
        id="reg-key"
        error={e.key}
        {...register('OpenIDKey', required('OpenIDKey'))}
      />
      <RememberKey />
      <FormField
        id="reg-uri"
        label={SERVICE_URI.name}
        help={SERVICE_URI.description}
        error={e.uri}
        warning={e.uri ? undefined : uriWarning}
      >
        <input
          id="reg-uri"
          type="text"
          inputMode="url"
          aria-describedby={fieldDescribedBy('reg-uri', { error: e.uri, warning: uriWarning })}
          aria-invalid={e.uri ? true : undefined}
          {...register('ServiceURI', required('ServiceURI'))}
        />
      </FormField>
      <FormField
        id="reg-media"
        label={MEDIA_TYPE.name}
        help={MEDIA_TYPE.description}
        error={e.media}
      >
        <input
          id="reg-media"
          list="reg-media-suggestions"
          aria-describedby={fieldDescribedBy('reg-media', { error: e.media })}
          aria-invalid={e.media ? true : undefined}
          {...register('MediaType', required('MediaType'))}
        />
      </FormField>
      <datalist id="reg-media-suggestions">
        {mediaTypeSuggestions.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {renderNotice?.({
        OpenIDKey: watchedKey,
        ServiceURI: watchedUri,
        MediaType: watchedMedia,
      })}
      {serverError && (
        <p className="error" id="reg-server-error">
          {serverError}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Registering…' : 'Register'}
        </button>
        {onCallAllBindings && (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => void handleSubmit(onCallAllBindings)()}
          >
            Register on all bindings…
          </button>
        )}
        <span className="hint">
          or press <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
        </span>
      </div>
    </form>
  );
}
