import { useEffect, useRef, useState } from 'react';
import { writeClipboard } from '../clipboard/write-clipboard.ts';

/**
 * Copies text to the clipboard and says so for a moment. When the clipboard is refused, or the
 * text cannot be read, it says that instead, so nobody pastes something stale.
 * @example <CopyButton text={value} label="Copy ID" />
 */
export function CopyButton({
  text,
  label = 'Copy',
}: {
  text: string | (() => Promise<string>);
  label?: string;
}) {
  const [state, setState] = useState<'idle' | 'copying' | 'copied' | 'failed'>('idle');
  // One reset pending at a time: an earlier press's must not clear a later press's message.
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);
  const press = useRef(0);
  useEffect(() => () => clearTimeout(reset.current), []);
  return (
    <span className="copy-button">
      <button
        type="button"
        className="secondary"
        onClick={() => {
          const pressed = ++press.current;
          clearTimeout(reset.current);
          setState('copying');
          const settle = (outcome: 'copied' | 'failed') => {
            if (pressed !== press.current) return;
            setState(outcome);
            reset.current = setTimeout(() => setState('idle'), 2000);
          };
          writeClipboard(text).then(
            () => settle('copied'),
            () => settle('failed'),
          );
        }}
      >
        {label}
      </button>
      <span role="status" className="copy-status">
        {state === 'copying'
          ? 'Copying…'
          : state === 'copied'
            ? 'Copied'
            : state === 'failed'
              ? 'Copy refused by the browser'
              : ''}
      </span>
    </span>
  );
}
