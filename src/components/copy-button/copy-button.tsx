import { useState } from 'react';

/**
 * Copies text to the clipboard and says so for a moment. When the clipboard is refused it
 * says that instead, so nobody pastes something stale.
 * @example <CopyButton text={value} label="Copy ID" />
 */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span className="copy-button">
      <button
        type="button"
        className="secondary"
        onClick={() => {
          navigator.clipboard
            .writeText(text)
            .then(() => setState('copied'))
            .catch(() => setState('failed'));
          setTimeout(() => setState('idle'), 2000);
        }}
      >
        {label}
      </button>
      <span role="status" className="copy-status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy refused by the browser' : ''}
      </span>
    </span>
  );
}
