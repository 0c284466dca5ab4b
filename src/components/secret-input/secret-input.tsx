import { useState, type ComponentPropsWithRef } from 'react';

export interface SecretInputProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** Accessible name of the reveal toggle's subject, e.g. "key". */
  subject?: string;
}

/**
 * A password input with a "Show"/"Hide" toggle; works with react-hook-form's register().
 * @example <SecretInput id="key" {...register('OpenIDKey')} />
 */
export function SecretInput({ subject = 'key', ...inputProps }: SecretInputProps) {
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="secret-input">
      <input
        {...inputProps}
        type={revealed ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
      />
      <button
        type="button"
        className="secondary"
        aria-pressed={revealed}
        onClick={() => setRevealed((r) => !r)}
      >
        {revealed ? `Hide ${subject}` : `Show ${subject}`}
      </button>
    </div>
  );
}
