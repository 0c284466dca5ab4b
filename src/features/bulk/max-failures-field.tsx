import { useId, useState } from 'react';

export interface MaxFailuresFieldProps {
  value: number | null;
  onChange(value: number | null): void;
}

/**
 * "Stop after N failed rows": empty is no limit. What is typed stays in the box even when it is
 * not a whole number above zero; only a valid number reaches the job.
 */
export function MaxFailuresField({ value, onChange }: MaxFailuresFieldProps) {
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  const trimmed = text.trim();
  const valid = trimmed === '' || /^[1-9]\d*$/.test(trimmed);
  return (
    <div className="field">
      <label htmlFor={id}>Stop after this many failed rows</label>
      <input
        id={id}
        inputMode="numeric"
        value={text}
        placeholder="no limit"
        aria-invalid={!valid}
        aria-describedby={`${id}-help`}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const wanted = next.trim();
          if (wanted === '') onChange(null);
          else if (/^[1-9]\d*$/.test(wanted)) onChange(Number(wanted));
        }}
      />
      <p id={`${id}-help`} className={valid ? 'help' : 'error'}>
        {valid
          ? 'Empty: no limit. Either way, a job whose first 10 rows all fail the same way stops by itself.'
          : 'Enter a whole number from 1, or leave it empty for no limit; until then the last valid limit applies.'}
      </p>
    </div>
  );
}
