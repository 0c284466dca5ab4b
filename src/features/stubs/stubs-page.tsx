import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Binding, GetAssetStubsParams } from '../../protocol/operations.ts';
import type { FieldsBeforeDataStubs } from '../../protocol/types.ts';
import { usePreparedCalls, useConnection } from '../../connection/connection.ts';
import { useKeyMemory } from '../../session/key-memory.tsx';
import { useSettings } from '../../settings/settings-context.tsx';
import { OPERATIONS } from '../../protocol/operations.ts';
import { lazyView } from '../../components/lazy-view/lazy-view.ts';
import type { ParityPanelProps } from '../../components/parity/parity-panel.tsx';
import { setLastStubsResult } from '../../session/last-result.ts';
import { BINDINGS } from '../../protocol/operations.ts';
import type { ParityParams } from '../../parity/run-parity.ts';
import { StubsForm } from './stubs-form.tsx';
import { StubsResult } from '../../components/call-result/stubs-result.tsx';
import { FieldsSoFar } from '../../components/outcome-banner/fields-so-far.tsx';
import { ReceivingDataStubs, type ViewTab } from '../../components/xml-viewer/index.ts';
import { stubsCallKey, stubsCallOptions, type StubsRequest } from './stubs-queries.ts';
import {
  analyzePayloadAsItArrives,
  type ArrivingAnalysis,
} from '../../workers/viewer/viewer-worker-client.ts';
import { SECRET_URL_PARAMS, readStubsUrl, writeStubsUrl } from './stubs-url.ts';

// Loaded when the pointer or the focus first reaches "Call on all bindings": the panel and its
// comparison of answers stay out of the JavaScript the first page needs, and out of its loads.
const ParityPanel = lazyView<ParityPanelProps>(() =>
  import('../../components/parity/parity-panel.tsx').then((m) => ({ default: m.ParityPanel })),
);

// Page-independent, so a call made after leaving and coming back never matches a cached one.
let nextSubmission = 1;

/** The Asset stubs page: GetAssetStubs on any binding, its result at a glance. */
export function StubsPage() {
  const queryClient = useQueryClient();
  const connection = useConnection();
  const { key, setKey } = useKeyMemory();
  const { binding, setBinding, settings } = useSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = readStubsUrl(searchParams);

  const [submitted, setSubmitted] = useState<StubsRequest | null>(null);
  const [shown, setShown] = useState<StubsRequest | null>(null);
  const [cancelledSubmission, setCancelledSubmission] = useState<number | null>(null);
  const [parity, setParity] = useState<{ run: number; request: ParityParams } | null>(null);
  // The first lines of a large payload, shown while the rest of its answer arrives.
  const [head, setHead] = useState<{
    submission: number;
    text: string;
    fieldsBefore: FieldsBeforeDataStubs;
    /** Its analysis in the viewer's worker, fed the rest as it arrives; taken over by the viewer. */
    arriving: ArrivingAnalysis | null;
    /** Called once its first screen is painted: the rest of the answer is read from then on. */
    shown: () => void;
  } | null>(null);
  // A view chosen while the answer arrived: the viewer opens on it.
  const [receivingTab, setReceivingTab] = useState<{ submission: number; tab: ViewTab } | null>(
    null,
  );
  // The view last chosen for any result: the next call's result opens on it, as a person who
  // works in the Table calls again and again.
  const [lastTab, setLastTab] = useState<ViewTab | null>(null);
  const { maxIndexBytes } = settings;
  const showHead = useCallback(
    (
      submission: number,
      text: string,
      fieldsBefore: FieldsBeforeDataStubs,
      parts: MessagePort | null,
    ): Promise<void> => {
      let arriving: ArrivingAnalysis | null = null;
      try {
        arriving = parts && analyzePayloadAsItArrives(text, parts, maxIndexBytes);
      } catch {
        // No worker here (one the page may not start): the viewer reads the result itself.
        parts?.close();
      }
      return new Promise<void>((shown) =>
        setHead({ submission, text, fieldsBefore, arriving, shown }),
      );
    },
    [maxIndexBytes],
  );
  // A head's analysis no viewer took over ends with the next head, or when the page closes.
  useEffect(() => {
    const arriving = head?.arriving;
    return () => arriving?.release();
  }, [head]);

  // A key pasted into a shared link must not stay in the address bar or history.
  useEffect(() => {
    if (SECRET_URL_PARAMS.some((p) => searchParams.has(p))) {
      const cleaned = new URLSearchParams(searchParams);
      for (const p of SECRET_URL_PARAMS) cleaned.delete(p);
      setSearchParams(cleaned, { replace: true });
    }
  }, [searchParams, setSearchParams]);

  // A deep link's binding wins over the default, once, when the page opens.
  const [urlBinding] = useState(fromUrl.binding);
  useEffect(() => {
    if (urlBinding) setBinding(urlBinding);
  }, [urlBinding, setBinding]);

  usePreparedCalls(connection);
  const current = useQuery(stubsCallOptions(connection, submitted, showHead));
  const previous = useQuery(stubsCallOptions(connection, shown === submitted ? null : shown));

  // Compare offers the result on screen as "the current result".
  useEffect(() => {
    const dataStubs = current.data?.record.DataStubs;
    if (dataStubs == null || !submitted) return;
    setLastStubsResult({
      label: `GetAssetStubs over ${BINDINGS[submitted.binding].label}, AssetType "${submitted.params.AssetType}"`,
      dataStubs,
      at: Date.now(),
      call: {
        binding: submitted.binding,
        params: {
          AssetType: submitted.params.AssetType,
          OtherFilterCriteria: submitted.params.OtherFilterCriteria,
        },
        targetId: connection.targetId,
      },
    });
  }, [current.data, submitted, connection.targetId]);

  const settled = current.status !== 'pending' && current.fetchStatus === 'idle';
  if (settled && submitted !== shown) setShown(submitted);
  const cancelled = cancelledSubmission !== null;
  const inFlight = current.fetchStatus === 'fetching';

  const changeBinding = (next: Binding) => {
    setBinding(next);
    setSearchParams(writeStubsUrl({ ...readStubsUrl(searchParams), binding: next }), {
      replace: true,
    });
  };

  const submit = (values: GetAssetStubsParams) => {
    setKey(values.OpenIDKey);
    const nextUrl = writeStubsUrl({
      AssetType: values.AssetType,
      OtherFilterCriteria: values.OtherFilterCriteria,
      binding,
    });
    // A navigation re-renders the whole route: skip it when the shared link would not change.
    if (nextUrl.toString() !== searchParams.toString()) {
      setSearchParams(nextUrl, { replace: true });
    }
    setCancelledSubmission(null);
    setParity(null);
    setSubmitted({ submission: nextSubmission++, binding, params: values });
  };

  const cancel = () => {
    if (!submitted || submitted === shown) return;
    setCancelledSubmission(submitted.submission);
    void queryClient.cancelQueries({ queryKey: stubsCallKey(connection, submitted) });
    // Point the page back at the last settled call, so nothing observes (and refetches) the
    // cancelled one.
    setSubmitted(shown);
  };

  const showingPrevious = inFlight && shown !== submitted;
  const receivedHead =
    inFlight && submitted && head?.submission === submitted.submission ? head : null;
  const tabChosenFor = (request: StubsRequest | null) =>
    request && receivingTab?.submission === request.submission ? receivingTab.tab : lastTab;
  const headOf = (request: StubsRequest | null) =>
    request && head?.submission === request.submission ? head : null;
  const view = showingPrevious ? previous : current;
  const viewRequest = showingPrevious ? shown : submitted;
  // The change from the arriving answer's first lines to its result is the page's largest
  // render (the banner, the fields, the viewer and its first screen): deferred, React builds it
  // in slices between which the page answers, and runs its effects in a task of their own,
  // while the first lines stay on screen. Deferred as one, so no render mixes two calls' parts.
  const resultNow = useMemo(
    () => ({
      head: receivedHead,
      data: view.data,
      error: view.error,
      request: viewRequest,
    }),
    [receivedHead, view.data, view.error, viewRequest],
  );
  const shownResult = useDeferredValue(resultNow);
  // Marked at once, not a render later: the result shown is not the call the page is on, or a
  // newer call is on its way.
  const shownIsStale =
    shownResult.request !== viewRequest || (inFlight && shownResult.request !== submitted);

  return (
    <>
      <h1>Asset stubs</h1>
      <p className="lead">{OPERATIONS.GetAssetStubs.summary}</p>
      <div className="page-grid">
        <StubsForm
          defaultValues={{
            OpenIDKey: key,
            AssetType: fromUrl.AssetType,
            OtherFilterCriteria: fromUrl.OtherFilterCriteria,
          }}
          binding={binding}
          onBindingChange={changeBinding}
          onSubmit={submit}
          busy={inFlight}
          onCancel={cancel}
          onCallAllBindingsNear={() => void ParityPanel.preload()}
          onCallAllBindings={(values) => {
            setKey(values.OpenIDKey);
            setParity((last) => ({
              run: (last?.run ?? 0) + 1,
              request: { operation: 'GetAssetStubs', params: values },
            }));
          }}
        />
        <div className="result-area" aria-live="polite">
          {parity && (
            <Suspense
              fallback={
                <p role="status" className="loading">
                  Calling GetAssetStubs over every binding…
                </p>
              }
            >
              <ParityPanel
                key={parity.run}
                request={parity.request}
                connection={connection}
                onClose={() => setParity(null)}
              />
            </Suspense>
          )}
          {!parity && inFlight && (
            <p role="status" className="loading">
              Calling GetAssetStubs over the selected binding…
            </p>
          )}
          {!parity && cancelled && !inFlight && (
            <p role="status" className="loading">
              Call cancelled.{shown ? ' The result below is from the previous call.' : ''}
            </p>
          )}
          {!parity && shownResult.head !== null && (
            <FieldsSoFar fields={shownResult.head.fieldsBefore} />
          )}
          {!parity && shownResult.head !== null && (
            <Suspense fallback={null}>
              <ReceivingDataStubs
                head={shownResult.head.text}
                tab={tabChosenFor(submitted)}
                onShown={shownResult.head.shown}
                onTabChange={(tab) => {
                  if (submitted) setReceivingTab({ submission: submitted.submission, tab });
                  setLastTab(tab);
                }}
              />
            </Suspense>
          )}
          {!parity &&
            shownResult.head === null &&
            shownResult.request &&
            (shownResult.data || shownResult.error) && (
              <StubsResult
                result={shownResult.data}
                error={shownResult.error}
                cancelled={false}
                secret={shownResult.request.params.OpenIDKey}
                targetId={connection.targetId}
                assetType={shownResult.request.params.AssetType}
                stale={shownIsStale}
                submission={shownResult.request.submission}
                exportBinding={shownResult.request.binding}
                initialTab={tabChosenFor(shownResult.request)}
                onTabChange={setLastTab}
                receivedHead={headOf(shownResult.request)?.text ?? null}
                arriving={headOf(shownResult.request)?.arriving ?? null}
                maxIndexBytes={settings.maxIndexBytes}
              />
            )}
        </div>
      </div>
    </>
  );
}
