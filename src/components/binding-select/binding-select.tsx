import { useId } from 'react';
import { BINDINGS, BINDING_NAMES, type Binding } from '../../protocol/operations.ts';

export interface BindingSelectProps {
  value: Binding;
  onChange(binding: Binding): void;
  disabled?: boolean;
}

/**
 * The "Binding" control of both forms. HTTP GET puts every parameter, the key included, in the
 * URL, so choosing it shows why that matters.
 * @example <BindingSelect value={binding} onChange={setBinding} />
 */
export function BindingSelect({ value, onChange, disabled = false }: BindingSelectProps) {
  const id = useId();
  const warningId = `${id}-warning`;
  return (
    <div className="field">
      <label htmlFor={id}>Binding</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={value === 'http-get' ? warningId : undefined}
        onChange={(event) => {
          const next = BINDING_NAMES.find((b) => b === event.target.value);
          if (next) onChange(next);
        }}
      >
        {BINDING_NAMES.map((binding) => (
          <option key={binding} value={binding}>
            {BINDINGS[binding].label}
          </option>
        ))}
      </select>
      {value === 'http-get' && (
        <p id={warningId} className="warning" role="note">
          HTTP GET sends the OpenIDKey in the URL, where it may be kept in server logs, proxies and
          browser history. Prefer SOAP or HTTP POST for real keys.
        </p>
      )}
    </div>
  );
}
