import { useForm } from 'react-hook-form';
import { OPERATIONS, type Binding, type GetAssetStubsParams } from '../../protocol/operations.ts';
import { BindingSelect } from '../../components/binding-select/binding-select.tsx';
import { FormField, fieldDescribedBy } from '../../components/form-field/form-field.tsx';
import { OpenIdKeyField } from '../../components/secret-input/open-id-key-field.tsx';
import { RememberKey } from '../../components/remember-key/remember-key.tsx';
import { submitOnCtrlEnter } from '../../components/form-field/keyboard.ts';

const [, ASSET_TYPE, FILTER] = OPERATIONS.GetAssetStubs.parameters;

export interface StubsFormProps {
  defaultValues: GetAssetStubsParams;
  binding: Binding;
  onBindingChange(binding: Binding): void;
  onSubmit(values: GetAssetStubsParams): void;
  busy: boolean;
  onCancel(): void;
  /** "Call on all bindings": the same values over every binding, compared. */
  onCallAllBindings?(values: GetAssetStubsParams): void;
  /** The pointer or the focus reached "Call on all bindings": a press may follow. */
  onCallAllBindingsNear?(): void;
}

/**
 * The GetAssetStubs form: labels are the parameter names, help text comes from the operation
 * table. Submit by button or Ctrl/Cmd+Enter; Cancel while a call is in flight.
 */
export function StubsForm({
  defaultValues,
  binding,
  onBindingChange,
  onSubmit,
  busy,
  onCancel,
  onCallAllBindings,
  onCallAllBindingsNear,
}: StubsFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<GetAssetStubsParams>({ defaultValues });
  const submit = handleSubmit(onSubmit);
  const keyError = errors.OpenIDKey?.message;

  return (
    <form
      className="call-form"
      aria-label="GetAssetStubs"
      noValidate
      onSubmit={(e) => void submit(e)}
      onKeyDown={submitOnCtrlEnter(() => void submit())}
    >
      <BindingSelect value={binding} onChange={onBindingChange} />
      <OpenIdKeyField
        id="stubs-key"
        error={keyError}
        {...register('OpenIDKey', { required: 'Enter the OpenIDKey: the service needs it.' })}
      />
      <RememberKey />
      <FormField id="stubs-asset-type" label={ASSET_TYPE.name} help={ASSET_TYPE.description}>
        <input
          id="stubs-asset-type"
          aria-describedby={fieldDescribedBy('stubs-asset-type')}
          {...register('AssetType')}
        />
      </FormField>
      <FormField id="stubs-filter" label={FILTER.name} help={FILTER.description}>
        <input
          id="stubs-filter"
          aria-describedby={fieldDescribedBy('stubs-filter')}
          {...register('OtherFilterCriteria')}
        />
      </FormField>
      <div className="actions">
        <button type="submit">Get asset stubs</button>
        {onCallAllBindings && (
          <button
            type="button"
            className="secondary"
            onClick={() => void handleSubmit(onCallAllBindings)()}
            onPointerEnter={onCallAllBindingsNear}
            onFocus={onCallAllBindingsNear}
          >
            Call on all bindings
          </button>
        )}
        {busy && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
        <span className="hint">
          or press <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
        </span>
      </div>
    </form>
  );
}
