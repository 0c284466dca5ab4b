import type { ArrivingAnalysis } from '../../workers/viewer/viewer-worker-client.ts';
import { memo, Suspense, useCallback, useEffect, useState } from 'react';
import type { Binding, GetAssetStubsResult, InodeError } from '../../protocol/index.ts';
import { HarExport } from '../har-export/har-export.tsx';
import { DataStubsViewer, type ViewTab } from '../xml-viewer/index.ts';
import { OutcomeBanner } from '../outcome-banner/outcome-banner.tsx';
import { AnswerDownload } from '../outcome-banner/answer-download.tsx';
import { ErrorBoundary } from '../error-boundary/error-boundary.tsx';
import { FieldTable } from '../field-table/field-table.tsx';
import { RawExchangePanel } from '../raw-exchange/raw-exchange-panel.tsx';
import {
  describeError,
  describeStubsRecord,
  exchangeOf,
  redactOutcome,
} from '../../outcome/outcome.ts';
import { useXmlSummary } from './use-xml-summary.ts';
import { describeXmlSummary, type XmlSummary } from '../../xml/xml-summary.ts';
import { payloadBytesFor } from '../../connection/worker-client/payload-bytes.ts';
import type { TextOrHeld } from '../../text/held-text.ts';
import { readResponse } from '../../protocol/held-exchange.ts';
import { useReadText } from '../held-text/use-read-text.ts';

export interface StubsResultProps {
  /** Its body and DataStubs are held when the answer was large (src/text/held-text.ts). */
  result: GetAssetStubsResult<TextOrHeld> | undefined;
  error: InodeError | null;
  cancelled: boolean;
  /** The key used, redacted from the raw exchange unless revealed. */
  secret: string;
  targetId: string | null;
  assetType: string;
  stale: boolean;
  /** Which submit this result answers; lets tests and the benchmark wait for a given call. */
  submission: number;
  /** The binding of a live call: offers "Export HAR" for it. */
  exportBinding?: Binding;
  /** Shown above the banner: where the result came from (an opened file). */
  source?: string;
  /** The DataStubs view it opens on (see DataStubsViewerProps.initialTab). */
  initialTab?: ViewTab | null;
  /** Told each DataStubs view the person chooses. */
  onTabChange?: ((tab: ViewTab) => void) | undefined;
  /** DataStubs' first characters as they arrived, shown first while a held payload is read. */
  receivedHead?: string | null;
  /** DataStubs' analysis begun while the answer arrived, for the viewer to take over. */
  arriving?: ArrivingAnalysis | null;
  /** False for an opened bare XML file: it records no request, status or headers to show. */
  exchangeRecorded?: boolean;
  /** The viewer's index limit (Settings); the viewer's default when absent. */
  maxIndexBytes?: number;
}

/** Tells the section, once, that the viewer is not there (its error boundary's fallback is). */
function ReportMissingViewer({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/**
 * The summary line: counted by the viewer's worker, which reads the payload anyway, so the page
 * does not scan it a second time; counted here only where the viewer cannot (no workers, the
 * viewer failed).
 */
function useDataStubsSummary(xml: TextOrHeld | null) {
  const [fromViewer, setFromViewer] = useState<{
    xml: TextOrHeld;
    summary: XmlSummary | null;
  } | null>(null);
  const [viewerMissing, setViewerMissing] = useState(false);
  const viewerSummary = xml !== null && fromViewer?.xml === xml ? fromViewer.summary : undefined;
  const viewerCounts = typeof Worker !== 'undefined' && !viewerMissing && viewerSummary !== null;
  // A held payload is read here only when the page has to count it itself.
  const text = useReadText(xml, !viewerCounts).text;
  const scanned = useXmlSummary(text, !viewerCounts);
  const onSummary = useCallback(
    (summary: XmlSummary | null) => {
      if (xml !== null) setFromViewer({ xml, summary });
    },
    [xml],
  );
  const onViewerMissing = useCallback(() => setViewerMissing(true), []);
  const line = viewerCounts && viewerSummary ? describeXmlSummary(viewerSummary) : scanned;
  return { line, onSummary, onViewerMissing };
}

/** The payload as plain text, where the viewer could not be shown; a held one read first. */
function PayloadAsText({ xml }: { xml: TextOrHeld }) {
  const read = useReadText(xml, true);
  if (read.status === 'failed')
    return <p role="alert">The payload could not be read back: {read.message}</p>;
  if (read.status !== 'read') return <p className="muted">Reading the payload…</p>;
  return (
    <pre className="raw-body" tabIndex={0} aria-label="DataStubs XML">
      {read.text}
    </pre>
  );
}

// Memoized: marking the result stale while the next call loads must not re-render the viewer.
const DataStubsSection = memo(function DataStubsSection({
  result,
  assetType,
  initialTab,
  onTabChange,
  receivedHead,
  arriving,
  maxIndexBytes,
}: {
  result: GetAssetStubsResult<TextOrHeld>;
  assetType: string;
  initialTab: ViewTab | null;
  onTabChange: ((tab: ViewTab) => void) | undefined;
  receivedHead: string | null;
  arriving: ArrivingAnalysis | null;
  maxIndexBytes: number | undefined;
}) {
  const xml = result.record.DataStubs;
  const { line: summary, onSummary, onViewerMissing } = useDataStubsSummary(xml);
  if (xml === null) return null;
  return (
    <section aria-labelledby="datastubs-heading" className="datastubs">
      <h2 id="datastubs-heading">DataStubs</h2>
      <p className="summary" data-testid="datastubs-summary">
        {summary ?? 'Counting elements…'}
        {result.dataStubsForm && result.dataStubsForm !== 'xml' && (
          <> · sent as {result.dataStubsForm === 'cdata' ? 'a CDATA section' : 'escaped text'}</>
        )}
      </p>
      <ErrorBoundary
        fallback={(error) => (
          <>
            <ReportMissingViewer onMount={onViewerMissing} />
            <p role="alert" className="error">
              The DataStubs viewer could not be shown ({error.message}). Here is the payload as
              text.
            </p>
            <PayloadAsText xml={xml} />
          </>
        )}
      >
        <Suspense fallback={<p className="muted">Loading the viewer…</p>}>
          <DataStubsViewer
            xml={xml}
            form={result.dataStubsForm}
            fileName={`datastubs${assetType ? `-${assetType.replace(/[^\w.-]+/g, '_')}` : ''}`}
            rawBody={result.exchange.response.bodyText}
            xmlUtf8={payloadBytesFor(xml)}
            onSummary={onSummary}
            initialTab={initialTab}
            onTabChange={onTabChange}
            receivedHead={receivedHead}
            arriving={arriving}
            maxIndexBytes={maxIndexBytes}
          />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
});

/**
 * Everything about one GetAssetStubs call: the outcome in words, the seven fields, the
 * DataStubs payload and the raw exchange.
 */
export function StubsResult({
  result,
  error,
  cancelled,
  secret,
  targetId,
  assetType,
  stale,
  submission,
  exportBinding,
  source,
  initialTab = null,
  onTabChange,
  receivedHead = null,
  arriving = null,
  exchangeRecorded = true,
  maxIndexBytes,
}: StubsResultProps) {
  const outcome = redactOutcome(
    result ? describeStubsRecord(result.record) : describeError(error, cancelled),
    [secret],
  );
  const raw = result
    ? { exchange: result.exchange, request: result.exchange.request }
    : exchangeOf(error);
  const request = raw.request;
  return (
    <div
      className={stale ? 'result stale' : 'result'}
      aria-busy={stale || undefined}
      data-submission={submission}
    >
      {source && <p className="result-source">{source}</p>}
      <OutcomeBanner outcome={outcome} stale={stale}>
        {!result && <AnswerDownload error={error} />}
      </OutcomeBanner>
      {result && result.warnings.length > 0 && (
        <ul className="warnings" aria-label="Decoder warnings">
          {result.warnings.map((w, i) => (
            <li key={i}>{w.message}</li>
          ))}
        </ul>
      )}
      {result && <FieldTable record={result.record} />}
      {result && (
        <DataStubsSection
          result={result}
          assetType={assetType}
          initialTab={initialTab}
          onTabChange={onTabChange}
          receivedHead={receivedHead}
          arriving={arriving}
          maxIndexBytes={maxIndexBytes}
        />
      )}
      {exchangeRecorded && (
        <RawExchangePanel
          exchange={raw.exchange}
          request={raw.request}
          secrets={[secret]}
          targetId={targetId}
        />
      )}
      {exportBinding && request && (
        <HarExport
          fileName={`getassetstubs-${exportBinding}`}
          canRevealKey={secret !== ''}
          calls={async () => [
            {
              operation: 'GetAssetStubs',
              binding: exportBinding,
              targetId,
              namespace: null,
              request,
              response: raw.exchange ? await readResponse(raw.exchange.response) : null,
              timings: raw.exchange?.timings ?? null,
              at: raw.exchange?.timings.startedAt ?? Date.now(),
              comment: outcome.title,
              secrets: [secret],
            },
          ]}
        />
      )}
    </div>
  );
}
