/**
 * The tab's streamed job and the file chosen for it, outside React: the job keeps running, and
 * the File handle (not its content) stays, while the user visits other pages.
 */
import type { StreamJob } from './stream-job.ts';
import { fileKey, readProgress, type StreamProgressRecord } from './stream-resume.ts';

export interface StreamSlotState {
  file: File | null;
  /** What an earlier run of this same file settled (resume), when there is a record. */
  earlier: StreamProgressRecord | null;
  job: StreamJob | null;
}

let state: StreamSlotState = { file: null, earlier: null, job: null };
const listeners = new Set<() => void>();

function set(patch: Partial<StreamSlotState>): void {
  state = { ...state, ...patch };
  for (const listener of [...listeners]) listener();
}

export const streamSlot = {
  getState: (): StreamSlotState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A file to stream; looks up what an earlier run of it settled. */
  async choose(file: File): Promise<void> {
    if (state.job && isActive(state.job)) return;
    set({ file, earlier: null, job: null });
    const earlier = await readProgress(fileKey(file));
    if (state.file === file) set({ earlier });
  },
  setJob(job: StreamJob | null): void {
    set({ job });
  },
  /** Forgets the file and the finished job (the results were offered for download). */
  clear(): void {
    if (state.job && isActive(state.job)) return;
    set({ file: null, earlier: null, job: null });
  },
};

export function isActive(job: StreamJob): boolean {
  const phase = job.getView().phase;
  return phase === 'opening' || phase === 'running' || phase === 'paused' || phase === 'idle';
}
