import { FormField, fieldDescribedBy } from '../form-field/form-field.tsx';
import { OPERATIONS } from '../../protocol/operations.ts';
import { SecretInput, type SecretInputProps } from './secret-input.tsx';

// Both operations take the same OpenIDKey parameter first.
const KEY = OPERATIONS.GetAssetStubs.parameters[0];

export interface OpenIdKeyFieldProps extends Omit<
  SecretInputProps,
  'id' | 'aria-describedby' | 'aria-invalid'
> {
  id: string;
  error?: string | undefined;
  /** Help text; the operation table's description of OpenIDKey by default. */
  help?: string;
}

/**
 * The labelled, masked OpenIDKey field every form starts with; works with register().
 * @example <OpenIdKeyField id="stubs-key" error={errors.OpenIDKey?.message} {...register('OpenIDKey')} />
 */
export function OpenIdKeyField({
  id,
  error,
  help = KEY.description,
  ...inputProps
}: OpenIdKeyFieldProps) {
  return (
    <FormField id={id} label={KEY.name} help={help} error={error}>
      <SecretInput
        id={id}
        aria-describedby={fieldDescribedBy(id, { error })}
        aria-invalid={error ? true : undefined}
        {...inputProps}
      />
    </FormField>
  );
}
