import { useEffect, useMemo, useState } from 'react';
import {
  readTextStart,
  stringStart,
  type HeldText,
  type TextOrHeld,
} from '../../text/held-text.ts';
import { errorMessage } from '../../text/error-message.ts';
import { IDLE, READING, type ReadTextState } from './use-read-text.ts';

/**
 * At most the first `maxChars` characters of `text` (readTextStart): a string's at once, a held
 * text's once `wanted` and read from the start of its Blob, then kept, wanted or not, while
 * `text` is the same (a read no longer wanted before it ends is dropped).
 * @example const shown = useTextStart(response.bodyText, 1_000_000);
 */
export function useTextStart(text: TextOrHeld, maxChars: number, wanted = true): ReadTextState {
  const [read, setRead] = useState<{
    of: HeldText;
    maxChars: number;
    state: ReadTextState;
  } | null>(null);
  const held = typeof text === 'string' ? null : text;
  const kept = read !== null && read.of === held && read.maxChars === maxChars ? read.state : null;
  const done = kept !== null;
  useEffect(() => {
    if (held === null || !wanted || done) return;
    let current = true;
    const settle = (state: ReadTextState) => current && setRead({ of: held, maxChars, state });
    readTextStart(held, maxChars).then(
      (start) => settle({ status: 'read', text: start }),
      (error: unknown) => settle({ status: 'failed', text: null, message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [held, wanted, done, maxChars]);
  // The same string object while `text` is the same, so that memos keyed on it hold.
  const sliced = useMemo(
    () => (typeof text === 'string' ? stringStart(text, maxChars) : null),
    [text, maxChars],
  );
  if (sliced !== null) return { status: 'read', text: sliced };
  return kept ?? (wanted ? READING : IDLE);
}
