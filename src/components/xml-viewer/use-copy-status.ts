import { useCallback, useState } from 'react';
import { copyText } from './clipboard-and-download.ts';
import type { TextOrHeld } from '../../text/held-text.ts';

/**
 * The viewer's status line and a copy that reports into it.
 *
 * @example const { status, setStatus, copy } = useCopyStatus(); void copy(xml, 'the whole payload');
 */
export function useCopyStatus() {
  const [status, setStatus] = useState('');
  const copy = useCallback(async (text: TextOrHeld, what: string) => {
    setStatus(
      (await copyText(text)) ? `Copied ${what}.` : `The browser did not allow copying ${what}.`,
    );
  }, []);
  return { status, setStatus, copy };
}
