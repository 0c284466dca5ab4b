import { useEffect, useRef, useState } from 'react';

/** What a copy button copies: the text, or a function that reads it when pressed. */
export type CopySource = string | (() => Promise<string>);

/**
 * Writes the text to the clipboard. Text still being read goes in as a promised item where the
 * browser takes one, so the press that asked for it still counts as the user's.
 */
async function writeClipboard(source: CopySource): Promise<void> {
  if (typeof source === 'string') return navigator.clipboard.writeText(source);
  if (typeof ClipboardItem === 'function' && typeof navigator.clipboard.write === 'function') {
    const blob = source().then((text) => new Blob([text], { type: 'text/plain' }));
    return navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
  }
  return navigator.clipboard.writeText(await source());
}

/**
 * Copies text to the clipboard and says so for a moment. When the clipboard is refused, or the
 * text cannot be read, it says that instead, so nobody pastes something stale.
 * @example <CopyButton text={value} label="Copy ID" />
 */
export function CopyButton({ text, label = 'Copy' }: { text: CopySource; label?: string }) {
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
