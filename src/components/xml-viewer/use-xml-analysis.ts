import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type {
  AnalysisResult,
  TransferredTable,
} from '../../workers/viewer/viewer-worker-protocol.ts';
import {
  startViewerWorker,
  type ArrivingAnalysis,
  type ViewerWorkerCallbacks,
  type ViewerWorkerClient,
} from '../../workers/viewer/viewer-worker-client.ts';
import type { XmlSummary } from '../../xml/xml-summary.ts';
import type { TextOrHeld } from '../../text/held-text.ts';

export type AnalysisState =
  /**
   * `head`: the first lines of the pretty text, when the worker sent them ahead; `tableHead`:
   * the first records of the table, likewise (large payloads), until the whole table arrives.
   */
  | { status: 'working'; progress: number; head: string | null; tableHead: TransferredTable | null }
  | {
      status: 'done';
      result: AnalysisResult;
      client: ViewerWorkerClient;
      indexProgress: number;
      tableHead: TransferredTable | null;
      /** Why the tree index and table failed after the pretty text was shown, if they did. */
      indexFailure: string | null;
    }
  | { status: 'failed'; message: string };

interface OwnedState {
  xml: TextOrHeld;
  maxIndexBytes: number;
  state: AnalysisState;
}

/** One payload's analysis: its worker, once started. */
interface Run {
  xml: TextOrHeld;
  maxIndexBytes: number;
  client: ViewerWorkerClient | null;
  cancelled: boolean;
}

const STARTING: AnalysisState = { status: 'working', progress: 0, head: null, tableHead: null };

/**
 * Runs the worker over `xml`: the pretty text arrives first, the tree index and table after.
 * A new payload or unmounting terminates the previous run.
 *
 * `utf8`, the same payload as bytes, is transferred to the worker when it is still attached;
 * else a held payload (src/text/held-text.ts) goes as its Blob, which the worker reads.
 *
 * `arriving`, this payload's analysis begun while its answer arrived, is taken over instead, once:
 * the worker has read most of the payload by the time it is whole.
 *
 * @example const analysis = useXmlAnalysis(xml, 50_000_000);
 */
export function useXmlAnalysis(
  xml: TextOrHeld,
  maxIndexBytes: number,
  utf8?: Uint8Array,
  /** Receives the worker's element summary, or null when the worker failed first. */
  onSummary?: (summary: XmlSummary | null) => void,
  arriving?: ArrivingAnalysis | null,
): AnalysisState {
  // Only the bytes that came with this payload count; a re-render must not restart the worker.
  const utf8Ref = useRef(utf8);
  const onSummaryRef = useRef(onSummary);
  const arrivingRef = useRef(arriving);
  useLayoutEffect(() => {
    utf8Ref.current = utf8;
    onSummaryRef.current = onSummary;
    arrivingRef.current = arriving;
  });
  const [owned, setOwned] = useState<OwnedState | null>(null);
  const running = useRef<Run | null>(null);

  // A layout effect posts the payload to the worker before the browser paints the viewer's frame,
  // rather than after it: the worker's first lines come back one frame sooner. A viewer that
  // Suspense hides and shows again (its layout effects are cleaned up and run again, its passive
  // ones are not) keeps its worker: the run ends in the passive effect's cleanup below.
  useLayoutEffect(() => {
    const current = running.current;
    if (current && current.xml === xml && current.maxIndexBytes === maxIndexBytes) return;
    const run: Run = { xml, maxIndexBytes, client: null, cancelled: false };
    running.current = run;
    const update = (next: (previous: AnalysisState) => AnalysisState) =>
      setOwned((previous) => ({
        xml,
        maxIndexBytes,
        state: next(
          previous && previous.xml === xml && previous.maxIndexBytes === maxIndexBytes
            ? previous.state
            : STARTING,
        ),
      }));
    // Started in a microtask so that React's development double mount (mount, unmount, mount)
    // starts one worker, not two: the first mount is cancelled before it takes the warm worker.
    queueMicrotask(() => {
      if (run.cancelled) return;
      const callbacks: ViewerWorkerCallbacks = {
        onProgress: (phase, done, total) =>
          update((previous) => {
            const fraction = total ? done / total : 0;
            if (phase === 'pretty')
              return previous.status === 'working' ? { ...previous, progress: fraction } : previous;
            return previous.status === 'done' ? { ...previous, indexProgress: fraction } : previous;
          }),
        onHead: (head) =>
          update((previous) => (previous.status === 'working' ? { ...previous, head } : previous)),
        onTableHead: (tableHead) =>
          update((previous) =>
            previous.status === 'failed' ? previous : { ...previous, tableHead },
          ),
        onAnalyzed: (result) =>
          update((previous) => ({
            status: 'done',
            result,
            client: run.client as ViewerWorkerClient,
            indexProgress: 0,
            tableHead: previous.status === 'failed' ? null : previous.tableHead,
            indexFailure: null,
          })),
        onIndexed: ({ nodeCount, table, indexMs }) =>
          update((previous) =>
            previous.status === 'done'
              ? {
                  ...previous,
                  result: {
                    ...previous.result,
                    indexNodeCount: nodeCount,
                    table,
                    indexMs,
                    indexPending: false,
                    // Built on request over the limit: the views no longer refuse.
                    indexRefusedReason: null,
                  },
                }
              : previous,
          ),
        // A failure after the pretty text keeps it; only the tree and table become unavailable.
        onFailed: (message) => {
          onSummaryRef.current?.(null);
          update((previous) =>
            previous.status === 'done'
              ? {
                  ...previous,
                  result: { ...previous.result, indexPending: false },
                  indexFailure: message,
                }
              : { status: 'failed', message },
          );
        },
        onSummary: (summary) => onSummaryRef.current?.(summary),
      };
      const startFromPayload = (): ViewerWorkerClient => {
        const bytes = utf8Ref.current;
        const payload =
          bytes && bytes.byteLength > 0 ? bytes : typeof xml === 'string' ? xml : xml.held;
        return startViewerWorker(payload, maxIndexBytes, callbacks);
      };
      const arrived = arrivingRef.current;
      const adopted =
        arrived?.maxIndexBytes === maxIndexBytes
          ? arrived.adopt(callbacks, () => {
              if (run.cancelled) return;
              update(() => STARTING);
              run.client = startFromPayload();
            })
          : null;
      // Read under another index limit (Settings changed meanwhile): its worker is let go.
      if (!adopted) arrived?.release();
      run.client = adopted ?? startFromPayload();
    });
  }, [xml, maxIndexBytes]);

  // A new payload or unmounting ends the run: its worker is terminated.
  useEffect(() => {
    const run = running.current;
    return () => {
      if (!run) return;
      run.cancelled = true;
      run.client?.dispose();
      if (running.current === run) running.current = null;
    };
  }, [xml, maxIndexBytes]);

  // State left over from a previous payload is never shown for the new one.
  return owned && owned.xml === xml && owned.maxIndexBytes === maxIndexBytes
    ? owned.state
    : STARTING;
}
