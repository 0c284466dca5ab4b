import { WrappedText } from '../../wrapped-text/wrapped-text.tsx';
import { ROW_CHARS } from '../../wrapped-text/wrapped-rows.ts';
import { formatCount } from '../format-count.ts';

/** Exactly what was received, as text, virtualized; long lines wrap at fixed points (marked ↪). */
export function RawView({ text, isWholeBody }: { text: string; isWholeBody: boolean }) {
  return (
    <div className="xv-raw">
      <p className="xv-muted">
        {isWholeBody
          ? 'The whole response body, exactly as received.'
          : 'The DataStubs payload as received.'}{' '}
        Lines longer than {formatCount(ROW_CHARS)} characters continue on rows marked ↪; copy and
        download give the exact text.
      </p>
      <WrappedText text={text} label={isWholeBody ? 'Raw response body' : 'Raw payload'} />
    </div>
  );
}
