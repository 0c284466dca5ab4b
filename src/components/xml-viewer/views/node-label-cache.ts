/**
 * The Tree's row labels the page holds: those of the rows on screen and around them, made by the
 * viewer's worker (which holds the payload and its index) in one call per render, and forgotten
 * least recently used first, so the page holds neither the payload nor a label per node.
 */
import type { NodeLabel } from '../../../xml/node-label.ts';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';

/** Where the labels come from: the viewer's worker. */
export type NodeLabelClient = Pick<ViewerWorkerClient, 'nodeLabels'>;

/** A few screens' worth many times over; each label is a few hundred characters at most. */
export const MAX_LABELS = 4000;

export class NodeLabelCache {
  private readonly labels = new Map<number, NodeLabel>();
  private readonly pending = new Set<number>();
  private closed = false;

  /** @param onLoaded called when labels arrive (the view re-renders) */
  constructor(
    private readonly client: NodeLabelClient | null,
    private readonly onLoaded: () => void,
    private readonly maxLabels = MAX_LABELS,
  ) {}

  /** The node's label, or undefined while it is being fetched. */
  label(node: number): NodeLabel | undefined {
    return this.labels.get(node);
  }

  /** Fetches, in one call, the labels of `nodes` that are neither held nor on their way. */
  want(nodes: Iterable<number>): void {
    if (!this.client || this.closed) return;
    const missing: number[] = [];
    for (const node of nodes) {
      const held = this.labels.get(node);
      if (held) {
        // Most recently used last: a Map iterates in insertion order.
        this.labels.delete(node);
        this.labels.set(node, held);
      } else if (!this.pending.has(node)) {
        missing.push(node);
        this.pending.add(node);
      }
    }
    if (missing.length === 0) return;
    void this.client.nodeLabels(missing).then(
      (labels) => {
        for (const node of missing) this.pending.delete(node);
        if (this.closed) return;
        missing.forEach((node, i) => {
          const label = labels[i];
          if (label) this.labels.set(node, label);
        });
        while (this.labels.size > this.maxLabels) {
          const oldest = this.labels.keys().next().value;
          if (oldest === undefined) break;
          this.labels.delete(oldest);
        }
        this.onLoaded();
      },
      () => {
        for (const node of missing) this.pending.delete(node);
      },
    );
  }

  /** Stops fetching (the view went away); labels on their way are dropped. */
  close(): void {
    this.closed = true;
  }

  /** Fetches again: the same view mounted again (React's StrictMode mounts twice). */
  open(): void {
    this.closed = false;
  }

  /** How many labels are held (tests). */
  get size(): number {
    return this.labels.size;
  }
}
