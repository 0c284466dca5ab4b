import { useEffect, useMemo, useState } from 'react';
import { whenIdle } from '../../tasks/when-idle.ts';
import { describeXmlSummary } from '../../xml/xml-summary.ts';
import type * as SummaryScanModule from '../../xml/xml-summary-scan.ts';

/** Up to this size the summary is computed during render (a few ms). */
export const SYNC_SUMMARY_LIMIT = 1_000_000;
/** Characters scanned per slice for bigger payloads: roughly 2–5 ms each. */
const SLICE = 500_000;

type SummaryScan = typeof SummaryScanModule;

/** The scan's code once fetched: the page counts a payload itself rarely (no workers, no viewer). */
let loadedScan: SummaryScan | null = null;

function loadScan(): Promise<SummaryScan> {
  return import('../../xml/xml-summary-scan.ts').then((scan) => (loadedScan = scan));
}

/** Said instead of the summary when the scan's code could not be fetched. */
export const SUMMARY_NOT_LOADED =
  'Elements not counted: the code that counts them could not be loaded (reload the page to try again).';

/**
 * The scan's code, fetched the first time a payload is given (null until it is there, 'failed'
 * when the fetch failed: the app redeployed under the page, the network gone).
 */
function useSummaryScan(wanted: boolean): SummaryScan | null | 'failed' {
  const [scan, setScan] = useState<SummaryScan | null | 'failed'>(loadedScan);
  useEffect(() => {
    if (!wanted || scan !== null) return;
    let live = true;
    void loadScan().then(
      (loaded) => {
        if (live) setScan(loaded);
      },
      () => {
        if (live) setScan('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, scan]);
  return scan;
}

/**
 * The one-line DataStubs summary. Small payloads are summarized at once; big ones in slices
 * between tasks, so a 50 MB payload never blocks the page (null until done). With `scanHere`
 * false nothing is scanned (the DataStubs viewer's worker counts instead) and the result is null.
 * The first payload a page counts waits for the scan's code (null meanwhile).
 * @example const line = useXmlSummary(record.DataStubs);
 */
export function useXmlSummary(payload: string | null, scanHere = true): string | null {
  const xml = scanHere ? payload : null;
  const loaded = useSummaryScan(xml !== null);
  const code = loaded === 'failed' ? null : loaded;
  const small = xml !== null && xml.length <= SYNC_SUMMARY_LIMIT;
  const immediate = useMemo(
    () => (small && xml !== null && code ? describeXmlSummary(code.summarizeXml(xml)) : null),
    [small, xml, code],
  );
  const [sliced, setSliced] = useState<{ xml: string; line: string } | null>(null);

  useEffect(() => {
    if (xml === null || xml.length <= SYNC_SUMMARY_LIMIT || code === null) return;
    const scan = new code.XmlSummaryScan(xml);
    // Slices run when the page is idle, so the count never delays the first paint of the
    // DataStubs viewer, which needs the same frames; without idle callbacks (jsdom), at once.
    const next = () => whenIdle(slice, 2000, 0);
    let cancel: () => void;
    const slice = () => {
      if (scan.step(SLICE)) setSliced({ xml, line: describeXmlSummary(scan.result()) });
      else cancel = next();
    };
    cancel = next();
    return () => cancel();
  }, [xml, code]);

  if (loaded === 'failed' && xml !== null) return SUMMARY_NOT_LOADED;
  if (small) return immediate;
  return sliced !== null && sliced.xml === xml ? sliced.line : null;
}
