import type { AddUserAssetIndexResult } from '../../protocol/types.ts';
import { describeRegistrationValue } from '../../outcome/outcome.ts';
import { OutcomeBanner } from '../outcome-banner/outcome-banner.tsx';
import { RawExchangePanel } from '../raw-exchange/raw-exchange-panel.tsx';

/**
 * An AddUserAssetIndex answer read back (from a file or History): the outcome and the value.
 * @example <StringResult result={decoded} source="Opened from call.har" />
 */
export function StringResult({
  result,
  source,
  exchangeRecorded = true,
}: {
  result: AddUserAssetIndexResult;
  source: string;
  /** False for an opened bare XML file: it records no request, status or headers to show. */
  exchangeRecorded?: boolean;
}) {
  return (
    <div className="result">
      <p className="result-source">{source}</p>
      <OutcomeBanner outcome={describeRegistrationValue(result.value)} stale={false} />
      <p>
        Returned value:{' '}
        <output className="mono big" aria-label="Returned value">
          {result.value === '' ? '(empty)' : result.value}
        </output>
      </p>
      {exchangeRecorded && (
        <RawExchangePanel exchange={result.exchange} request={null} secrets={[]} targetId={null} />
      )}
    </div>
  );
}
