import { useEffect, useState } from 'react';
import type { AnalysisResult } from './worker/viewer-worker-protocol.ts';
import { startViewerWorker, type ViewerWorkerClient } from './worker/viewer-worker-client.ts';

export type AnalysisState =
  | { status: 'working'; progress: number }
  | { status: 'done'; result: AnalysisResult; client: ViewerWorkerClient }
  | { status: 'failed'; message: string };

interface OwnedState {
  xml: string;
  maxIndexBytes: number;
  state: AnalysisState;
}

const STARTING: AnalysisState = { status: 'working', progress: 0 };

/**
 * Runs the worker over `xml`; a new payload or unmounting terminates the previous run.
 *
 * @example const analysis = useXmlAnalysis(xml, 50_000_000);
 */
export function useXmlAnalysis(xml: string, maxIndexBytes: number): AnalysisState {
  const [owned, setOwned] = useState<OwnedState | null>(null);

  useEffect(() => {
    const set = (state: AnalysisState) => setOwned({ xml, maxIndexBytes, state });
    const client = startViewerWorker(xml, maxIndexBytes, {
      onProgress: (done, total) => set({ status: 'working', progress: total ? done / total : 0 }),
      onAnalyzed: (result) => set({ status: 'done', result, client }),
      onFailed: (message) => set({ status: 'failed', message }),
    });
    return () => client.dispose();
  }, [xml, maxIndexBytes]);

  // State left over from a previous payload is never shown for the new one.
  return owned && owned.xml === xml && owned.maxIndexBytes === maxIndexBytes ? owned.state : STARTING;
}
