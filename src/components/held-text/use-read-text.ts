import { useEffect, useState } from 'react';
import { readText, type HeldText, type TextOrHeld } from '../../text/held-text.ts';
import { errorMessage } from '../../text/error-message.ts';

/** What reading a held text has given so far. */
export type ReadTextState =
  | { status: 'idle' | 'reading'; text: null }
  | { status: 'read'; text: string }
  | { status: 'failed'; text: null; message: string };

export const IDLE: ReadTextState = { status: 'idle', text: null };
export const READING: ReadTextState = { status: 'reading', text: null };

/**
 * The text of `text` once `wanted`: a string at once, a held text (src/text/held-text.ts) once
 * read from its Blob. Read once per held text: it stays while `text` is the same, wanted or not,
 * so that a view left and come back to does not read it again.
 * @example const { text } = useReadText(record.DataStubs, tab === 'tree');
 */
export function useReadText(text: TextOrHeld | null, wanted: boolean): ReadTextState {
  const [read, setRead] = useState<{ of: HeldText; state: ReadTextState } | null>(null);
  // Which held text has been wanted: once wanted, it is read to the end, wanted or not.
  const [wantedFor, setWantedFor] = useState<HeldText | null>(null);
  const held = typeof text === 'string' || text === null ? null : text;
  if (held !== null && wanted && wantedFor !== held) setWantedFor(held);

  useEffect(() => {
    if (held === null || wantedFor !== held) return;
    let current = true;
    const settle = (state: ReadTextState) => current && setRead({ of: held, state });
    readText(held).then(
      (value) => settle({ status: 'read', text: value }),
      (error: unknown) => settle({ status: 'failed', text: null, message: errorMessage(error) }),
    );
    // A text no longer shown: its result is dropped.
    return () => {
      current = false;
    };
  }, [held, wantedFor]);

  if (typeof text === 'string') return { status: 'read', text };
  if (read !== null && read.of === held) return read.state;
  return held !== null && wantedFor === held ? READING : IDLE;
}
