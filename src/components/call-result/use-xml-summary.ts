import { useEffect, useMemo, useState } from 'react';
import { whenIdle } from '../../tasks/when-idle.ts';
import { describeXmlSummary, summarizeXml, XmlSummaryScan } from '../../xml/xml-summary.ts';

/** Up to this size the summary is computed during render (a few ms). */
export const SYNC_SUMMARY_LIMIT = 1_000_000;
/** Characters scanned per slice for bigger payloads: roughly 2–5 ms each. */
const SLICE = 500_000;

/**
 * The one-line DataStubs summary. Small payloads are summarized at once; big ones in slices
 * between tasks, so a 50 MB payload never blocks the page (null until done). With `scanHere`
 * false nothing is scanned (the DataStubs viewer's worker counts instead) and the result is null.
 * @example const line = useXmlSummary(record.DataStubs);
 */
export function useXmlSummary(payload: string | null, scanHere = true): string | null {
  const xml = scanHere ? payload : null;
  const small = xml !== null && xml.length <= SYNC_SUMMARY_LIMIT;
  const immediate = useMemo(
    () => (small && xml !== null ? describeXmlSummary(summarizeXml(xml)) : null),
    [small, xml],
  );
  const [sliced, setSliced] = useState<{ xml: string; line: string } | null>(null);

  useEffect(() => {
    if (xml === null || xml.length <= SYNC_SUMMARY_LIMIT) return;
    const scan = new XmlSummaryScan(xml);
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
  }, [xml]);

  if (small) return immediate;
  return sliced !== null && sliced.xml === xml ? sliced.line : null;
}
