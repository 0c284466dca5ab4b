import type { ReactNode } from 'react';

export interface FormFieldProps {
  /** Id of the control inside; help, warning and error ids derive from it. */
  id: string;
  label: string;
  help: string;
  error?: string | undefined;
  /** Advice that does not block submitting. */
  warning?: string | undefined;
  children: ReactNode;
}

/**
 * The aria-describedby value for a control inside a FormField.
 * @example <input id="x" aria-describedby={fieldDescribedBy('x', { error })} />
 */
export function fieldDescribedBy(
  id: string,
  state: { error?: string | undefined; warning?: string | undefined } = {},
): string {
  return [`${id}-help`, state.warning ? `${id}-warning` : '', state.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
}

/**
 * A labelled control with its help text, and its warning or error when there is one.
 * @example <FormField id="asset" label="AssetType" help="..."><input id="asset" /></FormField>
 */
export function FormField({ id, label, help, error, warning, children }: FormFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <p id={`${id}-help`} className="help">
        {help}
      </p>
      {warning && (
        <p id={`${id}-warning`} className="warning">
          {warning}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
