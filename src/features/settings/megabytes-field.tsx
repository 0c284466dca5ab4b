/**
 * A size setting typed in megabytes and saved as whole bytes (the answer ceiling, the index
 * limit, the stored responses' limits), and the parsing it shares with the timeout's seconds.
 */
import { useState } from 'react';
import { isNumberWithin } from '../../settings/settings-store.ts';
import { formatBytes } from '../../text/format.ts';

const MB = 1024 * 1024;

/**
 * An amount typed in `unit`s (seconds, megabytes), as the whole number of ms or bytes it is
 * saved as; null when empty or outside [min, max], where the last valid value stays in use.
 *
 * @example typedAmount('1.5', 1000, MIN_TIMEOUT_MS, MAX_TIMEOUT_MS) // 1500
 */
export function typedAmount(text: string, unit: number, min: number, max: number): number | null {
  const amount = Math.round(Number(text) * unit);
  return text.trim() !== '' && isNumberWithin(amount, min, max) ? amount : null;
}

/**
 * A byte setting as the megabytes a person typed: the fewest decimals that give the same whole
 * bytes again, so that "0.001" stays "0.001" after the 1,049 bytes it was saved as are shown.
 *
 * @example megabytesText(1049) // '0.001'
 */
export function megabytesText(bytes: number): string {
  for (let decimals = 0; decimals <= 9; decimals++) {
    const shown = Number((bytes / MB).toFixed(decimals));
    if (Math.round(shown * MB) === bytes) return String(shown);
  }
  return String(bytes / MB);
}

/** What a value outside [min, max] is answered with; the last valid one stays in use. */
function outOfRange(min: number, max: number, inUse: number): string {
  const range =
    min === 0 ? `from 0 to ${max / MB}` : `up to ${max / MB}, at least ${formatBytes(min)}`;
  return `Enter a number of megabytes ${range}; the last valid value (${formatBytes(inUse)}) stays in use.`;
}

/**
 * A size setting typed in megabytes, saved as whole bytes in [min, max]; a value outside says
 * so, and the last valid one stays in use.
 */
export function MegabytesField({
  id,
  label,
  bytes,
  min,
  max,
  help,
  onValid,
}: {
  id: string;
  label: string;
  /** The value in use. */
  bytes: number;
  min: number;
  max: number;
  help: string;
  onValid: (bytes: number) => void;
}) {
  const [text, setText] = useState(megabytesText(bytes));
  const valid = typedAmount(text, MB, min, max) !== null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={text}
        aria-invalid={valid ? undefined : true}
        aria-describedby={`${id}-help`}
        onChange={(e) => {
          setText(e.target.value);
          const typed = typedAmount(e.target.value, MB, min, max);
          if (typed !== null) onValid(typed);
        }}
      />
      <p id={`${id}-help`} className={valid ? 'help' : 'error'}>
        {valid ? help : outOfRange(min, max, bytes)}
      </p>
    </div>
  );
}
