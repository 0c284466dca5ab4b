import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type * as ViewerClient from '../../workers/viewer/viewer-worker-client.ts';
import type {
  ArrivingAnalysis,
  ViewerWorkerCallbacks,
  ViewerWorkerClient,
} from '../../workers/viewer/viewer-worker-client.ts';
import type { AnalysisResult } from '../../workers/viewer/viewer-worker-protocol.ts';
import { useXmlAnalysis } from './use-xml-analysis.ts';

// The payloads the hook starts a worker on itself (none when it takes an arriving analysis over).
const started: Array<string | Uint8Array | Blob> = [];
const fakeClient = (name: string) => ({ name, dispose: vi.fn() }) as unknown as ViewerWorkerClient;
vi.mock('../../workers/viewer/viewer-worker-client.ts', async (original) => ({
  ...(await original<typeof ViewerClient>()),
  startViewerWorker: (payload: string | Uint8Array | Blob) => {
    started.push(payload);
    return fakeClient('started');
  },
}));

afterEach(() => {
  started.length = 0;
});

const RESULT = { charLength: 4, prettyLineCount: 1 } as AnalysisResult;

/** An arriving analysis whose adopter is told the result at once, or abandoned when asked. */
function arriving(maxIndexBytes: number, abandon = false) {
  const client = fakeClient('arrived');
  const analysis = {
    maxIndexBytes,
    adopt: vi.fn((callbacks: ViewerWorkerCallbacks, onAbandoned: () => void) => {
      queueMicrotask(() => (abandon ? onAbandoned() : callbacks.onAnalyzed(RESULT)));
      return client;
    }),
    release: vi.fn<() => void>(),
  } satisfies ArrivingAnalysis;
  return { analysis, client };
}

describe('useXmlAnalysis with an analysis begun while the answer arrived', () => {
  it('takes it over: no worker of its own, the result and client are the arriving ones', async () => {
    const { analysis, client } = arriving(1000);
    const { result } = renderHook(() =>
      useXmlAnalysis('<a/>', 1000, undefined, undefined, analysis),
    );
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current).toMatchObject({ result: RESULT, client });
    expect(started).toEqual([]);
    expect(analysis.release).not.toHaveBeenCalled();
  });

  it('lets it go and analyzes the payload itself under another index limit', async () => {
    const { analysis } = arriving(1000);
    renderHook(() => useXmlAnalysis('<a/>', 2000, undefined, undefined, analysis));
    await waitFor(() => expect(started).toEqual(['<a/>']));
    expect(analysis.adopt).not.toHaveBeenCalled();
    expect(analysis.release).toHaveBeenCalled();
  });

  it('analyzes the payload itself when the parts turn out not to be it', async () => {
    const { analysis } = arriving(1000, true);
    renderHook(() => useXmlAnalysis('<a/>', 1000, undefined, undefined, analysis));
    await waitFor(() => expect(started).toEqual(['<a/>']));
  });
});
