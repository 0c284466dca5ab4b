import { useEffect, useMemo, useState } from 'react';
import { describeXmlSummary, summarizeXml, XmlSummaryScan } from './xml-summary.ts';

/** Up to this size the summary is computed during render (a few ms). */
export const SYNC_SUMMARY_LIMIT = 1_000_000;
/** Characters scanned per slice for bigger payloads: roughly 2–5 ms each. */
const SLICE = 500_000;

/**
 * The one-line DataStubs summary. Small payloads are summarized at once; big ones in slices
 * between tasks, so a 50 MB payload never blocks the page (null until done).
 * @example const line = useXmlSummary(record.DataStubs);
 */
export function useXmlSummary(xml: string | null): string | null {
  const small = xml !== null && xml.length <= SYNC_SUMMARY_LIMIT;
  const immediate = useMemo(
    () => (small && xml !== null ? describeXmlSummary(summarizeXml(xml)) : null),
    [small, xml],
  );
  const [sliced, setSliced] = useState<{ xml: string; line: string } | null>(null);

  useEffect(() => {
    if (xml === null || xml.length <= SYNC_SUMMARY_LIMIT) return;
    const scan = new XmlSummaryScan(xml);
    let timer: ReturnType<typeof setTimeout>;
    const slice = () => {
      if (scan.step(SLICE)) setSliced({ xml, line: describeXmlSummary(scan.result()) });
      else timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [xml]);

  if (small) return immediate;
  return sliced !== null && sliced.xml === xml ? sliced.line : null;
}
